import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError } from './data-dir-lock.js';
import { openDatabase } from './database.js';

describe('the embedded data folder lock', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'silverboard-lock-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('given the folder open, when a second opener comes, then it is refused with a clear message, and admitted after close', async () => {
    const first = await openDatabase({ dataDir });

    const second = openDatabase({ dataDir });

    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(/in use by process \d+ \(is `make start` running\?\)/);
    await first.close();
    const third = await openDatabase({ dataDir });
    await third.close();
  });

  it('given a lock left by a process that no longer exists, then it is taken over', async () => {
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    await writeFile(join(dataDir, 'pglite', 'silverboard.lock'), '2147483646');

    const handle = await openDatabase({ dataDir });

    await handle.close();
  });
});
