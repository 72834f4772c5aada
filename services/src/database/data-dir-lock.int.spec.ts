import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for.js';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process holding the lock of `directory`, as `make start` would; resolves once it holds it. */
async function holdLockInChild(directory: string): Promise<ChildProcess> {
  const code = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    await lockDataDir(${JSON.stringify(directory)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  await waitFor(() => output.includes('locked') || child.exitCode !== null, { timeoutMs: 30_000, message: 'the child to take the lock' });
  if (!output.includes('locked')) throw new Error(`the lock holder exited ${child.exitCode}: ${output}`);
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('the embedded data folder lock', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'silverboard-lock-'));
  });

  afterEach(async () => {
    await Promise.all(children.splice(0).map(killed));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given the folder open, when a second opener comes, then it is refused with a clear message, and admitted after close', async () => {
    const first = await openDatabase({ dataDir });

    const second = openDatabase({ dataDir });

    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid} (is \`make start\` running?)`);
    await first.close();
    const third = await openDatabase({ dataDir });
    await third.close();
  });

  it('given another live process holding it, then it is refused with that process id', async () => {
    const directory = join(dataDir, 'pglite');
    await mkdir(directory);
    const holder = await holdLockInChild(directory);
    children.push(holder);

    await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by process ${holder.pid} `);
  });

  it('given its owner was killed with SIGKILL, then the lock it left is taken over', async () => {
    const directory = join(dataDir, 'pglite');
    await mkdir(directory);
    const holder = await holdLockInChild(directory);

    await killed(holder);

    expect(existsSync(join(directory, 'silverboard.lock'))).toBe(true); // nobody removed it
    const release = await lockDataDir(directory);
    release();
    expect(existsSync(join(directory, 'silverboard.lock'))).toBe(false);
  });

  it('given a lock file naming a live process that is not the owner (pid 1 in a container, a reused pid), then it does not block', async () => {
    const directory = join(dataDir, 'pglite');
    await mkdir(directory);
    for (const livePid of [1, process.ppid, process.pid]) {
      await writeFile(join(directory, 'silverboard.lock'), String(livePid));

      const release = await lockDataDir(directory);

      release();
    }
  });

  it('given two processes taking over one stale lock at once, then exactly one gets it', async () => {
    const directory = join(dataDir, 'pglite');
    await mkdir(directory);
    await writeFile(join(directory, 'silverboard.lock'), '2147483646');

    const results = await Promise.allSettled([lockDataDir(directory), lockDataDir(directory), lockDataDir(directory)]);

    const winners = results.filter((result) => result.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DataDirInUseError);
    }
    (winners[0] as PromiseFulfilledResult<() => void>).value();
  });

  it('given a folder path too long for a socket, then it still locks and refuses a second opener', async () => {
    const deep = join(dataDir, 'a-folder-name-long-enough-'.repeat(4));
    await mkdir(deep, { recursive: true });

    const release = await lockDataDir(deep);

    await expect(lockDataDir(deep)).rejects.toBeInstanceOf(DataDirInUseError);
    release();
    const again = await lockDataDir(deep);
    again();
  });
});
