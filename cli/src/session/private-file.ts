import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The parsed JSON of a file; null when there is none or it is damaged (the next write replaces it). */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Writes a file readable and writable by its owner only (0600, in a 0700 folder): to a temporary
 * file created with 0600 and renamed over the old one, so what it holds (tokens) is never readable
 * by others, not even for a moment.
 */
export async function writePrivateJsonFile(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  // The mode of a new file is masked by the umask; make sure, then move it in place.
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
