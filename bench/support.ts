import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** One closed-loop load: requests a second, the 99th percentile latency, and what went wrong. */
export interface Load {
  readonly rps: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

/**
 * wrk's report as one JSON line: its summary's counts and the latency percentile, in microseconds.
 * (wrk counts an answer of 400 or more as a status error; 3xx, such as a 304, as a success.)
 */
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"p99Us":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;

/**
 * Loads `url` with `connections` keep-alive connections for `seconds` with wrk (Debian's package,
 * `make bench` installs it): written in C on one thread, it leaves the cores to the servers it
 * measures, and times each answer when it arrives. autocannon, a Node process on the same two
 * cores, took about a core at 40,000 answers a second and added its own event loop's waits to
 * every latency (a bare server's p99 read 11-15 ms through it).
 */
export async function wrkLoad(url: string, { connections, seconds }: { readonly connections: number; readonly seconds: number }): Promise<Load> {
  const script = join(await mkdtemp(join(tmpdir(), 'xsd-wrk-')), 'report.lua');
  await writeFile(script, WRK_REPORT);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.once('error', (error) => reject(new Error(`wrk could not start (${error.message}): make bench installs it (make wrk)`)));
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`))));
    });
    const line = output.split('\n').find((l) => l.startsWith('{"requests"'));
    if (line === undefined) throw new Error(`wrk printed no report: ${output}`);
    const report = JSON.parse(line) as { requests: number; durationUs: number; p99Us: number; errors: number; non2xx: number };
    return { rps: report.requests / (report.durationUs / 1e6), p99: report.p99Us / 1000, errors: report.errors, non2xx: report.non2xx };
  } finally {
    await rm(dirname(script), { recursive: true, force: true });
  }
}
