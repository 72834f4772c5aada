import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkPhotoPut, PhotoExistsError, type PhotoStore, photoKeyContentType, type StoredPhoto } from './photo-store.js';

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | undefined)?.code === code;

/**
 * The embedded mode's store: one file per photo under `root` (`<XSD_DATA_DIR>/uploads`).
 * A put writes a temporary file, flushes it, then hard-links it to its name: a reader never sees a
 * half-written photo, and the link fails when the name exists, so nothing is overwritten.
 */
export class FolderPhotoStore implements PhotoStore {
  /** `removeOnClose`: the folder is this store's own scratch space (an in-memory deployment). */
  constructor(
    readonly root: string,
    private readonly removeOnClose = false,
  ) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    checkPhotoPut(key, contentType);
    const target = join(this.root, key);
    // Made here when missing (the root included), for the store's own process only.
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const temporary = join(dirname(target), `.${randomBytes(8).toString('hex')}.tmp`);
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      await link(temporary, target);
    } catch (error) {
      if (isCode(error, 'EEXIST')) throw new PhotoExistsError(key);
      throw error;
    } finally {
      await unlink(temporary);
    }
  }

  async get(key: string): Promise<StoredPhoto | null> {
    const contentType = photoKeyContentType(key);
    try {
      return { bytes: new Uint8Array(await readFile(join(this.root, key))), contentType };
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    photoKeyContentType(key);
    await rm(join(this.root, key), { force: true });
  }

  async close(): Promise<void> {
    if (this.removeOnClose) await rm(this.root, { recursive: true, force: true });
  }
}
