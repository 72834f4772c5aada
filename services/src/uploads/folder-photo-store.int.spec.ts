import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { FolderPhotoStore } from './folder-photo-store.js';
import { openPhotoStore, photoFolder } from './open-photo-store.js';
import { describePhotoStoreConformance } from './testing/photo-store-conformance.js';

describePhotoStoreConformance('folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'xsd-photos-'));
  const open = async () => new FolderPhotoStore(root);
  return { store: await open(), reopen: open, cleanup: () => rm(root, { recursive: true, force: true }) };
});

describe('folder photo store: files on disk', () => {
  it('given the embedded mode, then photos land under <data dir>/uploads/contact_photos with no temporary file left', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'xsd-data-'));
    try {
      const store = await openPhotoStore({ ...TEST_APP_CONFIG, natsUrl: null, dataDir });
      await store.put('contact_photos/abc_1.gif', Uint8Array.from([0x47, 0x49, 0x46]), 'image/gif');
      expect(await readdir(join(photoFolder(dataDir), 'contact_photos'))).toEqual(['abc_1.gif']);
      await store.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('folder photo store: an in-memory deployment', () => {
  it('given the data directory :memory:, then photos go to a scratch folder made at the first photo (0700) and gone after close', async () => {
    const store = await openPhotoStore({ ...TEST_APP_CONFIG, natsUrl: null, dataDir: ':memory:' });
    expect(store).toBeInstanceOf(FolderPhotoStore);
    const { root } = store as FolderPhotoStore;
    expect(root.startsWith(tmpdir())).toBe(true);
    // Nothing on disk before a photo: a start that fails after opening the store leaves nothing.
    await expect(readdir(root)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.get('contact_photos/none_1.png')).toBeNull();
    const key = 'contact_photos/abc_2.png';
    await store.put(key, Uint8Array.from([0x89, 0x50]), 'image/png');
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    expect(await store.get(key)).toEqual({ bytes: Uint8Array.from([0x89, 0x50]), contentType: 'image/png' });
    await store.close();
    await expect(readdir(root)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
