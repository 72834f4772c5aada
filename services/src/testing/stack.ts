import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV, HTTP_ROLE_NODE_FLAGS } from '../apps/heap-policy.js';
import { pgliteDirectory } from '../database/database.js';
import { findFreeBasePort } from '../devnet/free-port.js';
import { seedPgliteDataDir } from './test-database.js';
import { waitFor } from './wait-for.js';

// The built launcher of `make start` (`make test` builds before the tests run).
const START_MAIN = fileURLToPath(new URL('../../dist/apps/start/main.js', import.meta.url));
/** How long a stack may take to stop on SIGTERM before it is killed (and that reported). */
const STOP_GRACE_MS = 20_000;
/** Starts on fresh ports after a port this helper chose was taken before the stack could listen on it. */
const PORT_RACE_ATTEMPTS = 3;
/**
 * A free port is only free when it is checked: another run on this shared machine may listen on it
 * before the stack does. The launcher then says so (EADDRINUSE for the API, a chain that exited
 * before listening for the devnet), and the start is tried again on new ports.
 */
const PORT_TAKEN = /EADDRINUSE|exited before listening/;

/** How the launcher process ended. */
export interface StackExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** True when SIGTERM was not enough and the stack had to be killed. */
  readonly killed: boolean;
}

export interface RunningStack {
  /** http://127.0.0.1:<port> of the API and web app. */
  readonly url: string;
  readonly port: number;
  /**
   * http://127.0.0.1:<port> of the ops listener (GET /metrics, /livez, /readyz): a free port of its
   * own unless the caller's env sets XSD_METRICS_PORT; null when that is 0 (off).
   */
  readonly metricsUrl: string | null;
  /** The launcher's process id. */
  readonly pid: number;
  /** RPC port of the first devnet chain (Ethereum); the others follow in display order. */
  readonly devnetBasePort: number;
  readonly env: Record<string, string>;
  /** Output so far, for failure messages. */
  output(): string;
  /** SIGTERM (SIGKILL after 20 s), then removes the data folder unless it was given. */
  stop(): Promise<StackExit>;
}

export interface StackOptions {
  /** Extra environment (DATABASE_URL / NATS_URL for the distributed path, admin credentials...). */
  readonly env?: Record<string, string>;
  readonly seed?: number;
  readonly startTimeoutMs?: number;
  /** Use (and keep) this data folder instead of a new temporary one, e.g. to restart on the same data. */
  readonly dataDir?: string;
  /**
   * Let the stack migrate its new embedded database itself, as a first `make start` does. By
   * default a new data folder gets a copy of a migrated one (migrating takes PGlite seconds).
   */
  readonly migrateAtStart?: boolean;
}

/** A stack that exited before it became healthy, with how it ended and everything it printed. */
export class StackStartError extends Error {
  override name = 'StackStartError';
  constructor(
    reason: string,
    readonly exit: StackExit | null,
    readonly output: string,
  ) {
    super(`${reason}\n--- stack output ---\n${output || '(the stack printed nothing)'}`);
  }
}

/**
 * Runs the whole product as `make start` does, in a child process on free ports with a data
 * folder of its own, and waits until /api/health answers 200. For end-to-end tests of the web
 * app and the CLI. A stack that exits first rejects with a StackStartError naming its exit code
 * or signal and holding its output (keptOutput).
 */
export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  // Ports the caller names are its own business (a test may take one on purpose): no retry then.
  const choosesPorts =
    options.env?.PORT === undefined && options.env?.XSD_DEVNET_BASE_PORT === undefined && options.env?.XSD_METRICS_PORT === undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      const portTaken = error instanceof StackStartError && PORT_TAKEN.test(error.output);
      if (!choosesPorts || !portTaken || attempt === PORT_RACE_ATTEMPTS) throw error;
    }
  }
}

async function startOnce(options: StackOptions): Promise<RunningStack> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'silverboard-stack-')));
  const embedded = options.env?.DATABASE_URL === undefined;
  if (embedded && !options.migrateAtStart && !existsSync(pgliteDirectory(dataDir))) await seedPgliteDataDir(dataDir);
  const devnetBasePort = await findFreeBasePort();
  const port = await findFreeBasePort(1);
  // Never the default 9464: stacks run side by side, and a developer's `make start` may hold it.
  const metricsPort = await findFreeBasePort(1);
  const env: Record<string, string> = {
    ...ALLOCATOR_ENV,
    PORT: String(port),
    XSD_METRICS_PORT: String(metricsPort),
    XSD_DATA_DIR: dataDir,
    XSD_NETWORK_PROFILE: 'devnet',
    XSD_DEVNET_BASE_PORT: String(devnetBasePort),
    XSD_DEVNET_SEED: String(options.seed ?? 7),
    ...options.env,
  };
  // The output goes to a file, not through this process: a stack under load logs a line a
  // request, and reading them would take this process's time from the load generator.
  const outputDir = await mkdtemp(join(tmpdir(), 'silverboard-stack-output-'));
  const outputPath = join(outputDir, 'output.log');
  const outputFd = openSync(outputPath, 'a');
  const child: ChildProcess = spawn(process.execPath, [...HTTP_ROLE_NODE_FLAGS, START_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', outputFd, outputFd],
  });
  closeSync(outputFd);
  let finalOutput: string | null = null;
  const output = () => finalOutput ?? keptOutput(outputPath);
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));
  let killed = false;
  const exited = new Promise<StackExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, killed })),
  );
  // Once the stack is gone (or never started), its output is read a last time and the file removed.
  const keepOutput = async () => {
    finalOutput ??= keptOutput(outputPath);
    await rm(outputDir, { recursive: true, force: true });
  };
  const finished = exited.then(async (exit) => {
    await keepOutput();
    return exit;
  });
  const url = `http://127.0.0.1:${port}`;
  const metricsUrl = env.XSD_METRICS_PORT === '0' ? null : `http://127.0.0.1:${env.XSD_METRICS_PORT}`;
  const stop = async (): Promise<StackExit> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, STOP_GRACE_MS);
      await exited;
      clearTimeout(forced);
    }
    const exit = await finished;
    if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    return { ...exit, killed };
  };
  const died = Promise.race([
    finished.then((exit) => new StackStartError(`the stack exited early (${describeExit(exit)})`, exit, output())),
    spawnFailed.then(async (error) => {
      await keepOutput();
      return new StackStartError(`the stack could not be started: ${error.message}`, null, output());
    }),
  ]).then((error) => Promise.reject(error));
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
    const exit = await stop();
    if (error instanceof StackStartError) throw error;
    const reason = `${error instanceof Error ? error.message : String(error)}; stopped it (${describeExit(exit)})`;
    throw new StackStartError(reason, exit, output());
  }
  return { url, port, metricsUrl, pid: child.pid!, devnetBasePort, env, output, stop };
}

export function describeExit(exit: StackExit): string {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  return exit.killed ? `${how}, killed after ${STOP_GRACE_MS / 1000} s` : how;
}

/** Bytes of the start kept (the devnet and listening lines), and of the most recent output. */
const OUTPUT_HEAD = 64 * 1024;
const OUTPUT_TAIL = 256 * 1024;

/** A stack's output as the tests read it: the start and the most recent part, not the megabytes of a benchmark between. */
function keptOutput(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return '';
  }
  try {
    const size = fstatSync(fd).size;
    const read = (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      return buffer.subarray(0, readSync(fd, buffer, 0, length, position)).toString();
    };
    if (size <= OUTPUT_HEAD + OUTPUT_TAIL) return read(0, size);
    const left = size - OUTPUT_HEAD - OUTPUT_TAIL;
    return `${read(0, OUTPUT_HEAD)}\n[${left} bytes of output left out]\n${read(size - OUTPUT_TAIL, OUTPUT_TAIL)}`;
  } finally {
    closeSync(fd);
  }
}
