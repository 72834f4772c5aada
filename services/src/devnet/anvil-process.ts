import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The binary shipped by npm `@foundry-rs/anvil` in its per-platform package (or `ANVIL_BIN`). */
export function anvilBinaryPath(): string {
  const fromEnv = process.env.ANVIL_BIN;
  if (fromEnv) return fromEnv;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const name = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const packageName = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    const path = createRequire(import.meta.url).resolve(`${packageName}/bin/${name}`);
    if (existsSync(path)) return path;
  } catch {
    // reported below
  }
  throw new Error(`anvil not found: install ${packageName} (npm ci) or set ANVIL_BIN`);
}

export interface AnvilOptions {
  readonly chainId: number;
  readonly port: number;
  readonly host: string;
  readonly binary?: string;
  /** How long anvil may take to listen (default 20 s). */
  readonly readyTimeoutMs?: number;
}

/** A running anvil process, ready to answer on its port. */
export interface AnvilProcess {
  readonly pid: number;
  readonly port: number;
  readonly rpcUrl: string;
  /** Resolves when the process has exited, for whatever reason. */
  readonly exited: Promise<void>;
  isRunning(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

const OUTPUT_LINES_KEPT = 30;

/**
 * Starts anvil and resolves once it prints that it listens. Rejects (and leaves nothing running)
 * when it exits first, for example because the port is taken, or does not listen in time.
 * `onSpawn` gets the pid as soon as there is one, so a watchdog can adopt it before the wait.
 */
export async function startAnvil(options: AnvilOptions, onSpawn: (pid: number) => void): Promise<AnvilProcess> {
  const child = spawn(
    options.binary ?? anvilBinaryPath(),
    ['--host', options.host, '--port', String(options.port), '--chain-id', String(options.chainId), '--accounts', '10'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawned = await new Promise<number>((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid!));
    child.once('error', reject);
  });
  onSpawn(spawned);

  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > OUTPUT_LINES_KEPT) output.shift();
  };
  const rpcUrl = `http://${options.host}:${options.port}`;
  const listening = `Listening on ${options.host}:${options.port}`;

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timeoutMs = options.readyTimeoutMs ?? 20_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      settle(new Error(`anvil (chain ${options.chainId}) did not listen on ${rpcUrl} within ${timeoutMs} ms`));
    }, timeoutMs);
    forEachLine(child, (line) => {
      keep(line);
      if (line.includes(listening)) settle();
    });
    void exited.then(() => {
      const status = child.exitCode ?? child.signalCode;
      const what = `anvil (chain ${options.chainId}) exited before listening on ${rpcUrl} (exit ${status})`;
      settle(new Error(`${what}:\n${output.join('\n')}`));
    });
  });

  return {
    pid: spawned,
    port: options.port,
    rpcUrl,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async stop(graceMs = 2_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Calls `onLine` for every line anvil writes; keeps reading so its pipes never fill up. */
function forEachLine(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
}
