import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(directory: string, pid: number) {
    super(
      `The embedded database in ${directory} is in use by process ${pid} (is \`make start\` running?). ` +
        'Stop it first, or point DATABASE_URL at a PostgreSQL server.',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is PostgreSQL inside one process: a second process opening the same files would corrupt
 * them. A lock file holding the owner's pid keeps a second one out with a clear message; a lock
 * left by a process that no longer exists is taken over.
 */
export function lockDataDir(directory: string): () => void {
  const path = join(directory, 'silverboard.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(path, { force: true });
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && alive(owner)) {
        throw new DataDirInUseError(directory, owner);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${directory}`);
}
