import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';

/** The middle value (the mean of the two middle ones for an even count). */
export function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The API a benchmark measures: the given URL, or a stack it starts (and `stop()`s) itself, with
 * `env` added to its environment.
 */
export async function benchTarget(url: string | undefined, env: Record<string, string> = {}): Promise<{ base: string; stop(): Promise<void> }> {
  if (url) return { base: url, stop: async () => undefined };
  process.stdout.write('starting the stack (built launcher, devnet)...\n');
  const stack: RunningStack = await startStack({ env });
  return {
    base: stack.url,
    stop: async () => {
      await stack.stop();
    },
  };
}

/** One answer of the bare reference server: its headers and its body in base64. */
export interface BareAnswer {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Starts bench/http/bare-server.ts (a bare Fastify server in a process of its own, as the stack is)
 * answering each path with the given headers and bytes; returns its base URL and the process.
 */
export async function startBare(answers: Record<string, BareAnswer>): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./http/bare-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify(answers));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}
