import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreeBasePort } from '../devnet/free-port.js';
import { waitFor } from './wait-for.js';

// The built launcher of `make start` (`make test` builds before the tests run).
const START_MAIN = fileURLToPath(new URL('../../dist/apps/start/main.js', import.meta.url));

export interface RunningStack {
  /** http://127.0.0.1:<port> of the API and web app. */
  readonly url: string;
  readonly port: number;
  /** RPC port of the first devnet chain (Ethereum); the others follow in display order. */
  readonly devnetBasePort: number;
  readonly env: Record<string, string>;
  /** Output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Extra environment (DATABASE_URL / NATS_URL for the distributed path, admin credentials...). */
  readonly env?: Record<string, string>;
  readonly seed?: number;
  readonly startTimeoutMs?: number;
}

/**
 * Runs the whole product as `make start` does, in a child process on free ports with a data
 * folder of its own, and waits until /api/health answers 200. For end-to-end tests of the web
 * app and the CLI.
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'silverboard-stack-'));
  const devnetBasePort = await findFreeBasePort();
  const port = await findFreeBasePort(1);
  const env: Record<string, string> = {
    PORT: String(port),
    XSD_DATA_DIR: dataDir,
    XSD_NETWORK_PROFILE: 'devnet',
    XSD_DEVNET_BASE_PORT: String(devnetBasePort),
    XSD_DEVNET_SEED: String(options.seed ?? 7),
    ...options.env,
  };
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [START_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const died = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`the stack exited early (${signal ?? code})`))),
  );
  died.catch(() => undefined);
  try {
    await Promise.race([
      died,
      waitFor(
        async () => (await fetch(`${url}/api/health`).catch(() => null))?.status === 200,
        { timeoutMs: options.startTimeoutMs ?? 90_000, intervalMs: 200, message: 'the stack to become healthy' },
      ),
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- stack output ---\n${output}`);
  }
  return { url, port, devnetBasePort, env, output: () => output, stop };
}
