import { spawn } from 'node:child_process';

/**
 * The watchdog: a small separate node process that SIGKILLs the devnet's anvil nodes as soon as
 * the process that started them is gone, however it went (normal exit, Ctrl-C, a crash or
 * SIGKILL). It reads "+pid" / "-pid" lines on stdin; the end of stdin (the parent's end of the
 * pipe closes when the parent dies) or a change of its parent pid (re-parented to init) means the
 * parent is gone. It ignores SIGINT and SIGTERM: a Ctrl-C reaches the whole process group, and
 * the parent's own orderly stop must not race a watchdog that has already left.
 */
const WATCHDOG_SOURCE = `
const pids = new Set();
const parent = process.ppid;
let pending = '';
const cleanUp = () => {
  for (const pid of pids) { try { process.kill(pid, 'SIGKILL'); } catch {} }
  process.exit(0);
};
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\\n');
  pending = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (line[0] === '+') pids.add(pid);
    if (line[0] === '-') pids.delete(pid);
  }
});
process.stdin.on('end', cleanUp);
process.stdin.on('error', cleanUp);
setInterval(() => { if (process.ppid !== parent) cleanUp(); }, 250);
`;

/** The watchdog leaves as soon as its stdin ends; this only bounds a stop if it does not. */
const CLOSE_GRACE_MS = 5_000;

export interface Watchdog {
  readonly pid: number;
  adopt(pid: number): void;
  release(pid: number): void;
  /** Ends the watchdog (after the parent stopped what it adopted). */
  close(): Promise<void>;
}

export async function startWatchdog(): Promise<Watchdog> {
  const child = spawn(process.execPath, ['-e', WATCHDOG_SOURCE], {
    stdio: ['pipe', 'ignore', 'inherit'],
    // Plain node: none of the parent's loaders or inspector flags.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  // The watchdog must never keep its parent alive.
  child.unref();
  const stdin = child.stdin!;
  (stdin as unknown as { unref?: () => void }).unref?.();
  stdin.on('error', () => {}); // it only fails when the watchdog is already gone
  const send = (line: string) => {
    if (!stdin.destroyed) stdin.write(`${line}\n`);
  };
  return {
    pid: child.pid!,
    adopt: (pid) => send(`+${pid}`),
    release: (pid) => send(`-${pid}`),
    async close() {
      // Referenced again while it winds down: an await on an unreferenced child's exit may be
      // all that is left in the event loop (a start that failed after stopping its nodes), and
      // Node then ends the process with code 13 (unsettled top-level await) and no message.
      child.ref();
      stdin.end();
      const forced = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(forced);
    },
  };
}
