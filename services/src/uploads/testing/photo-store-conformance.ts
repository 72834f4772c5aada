import { randomBytes } from 'node:crypto';
import { CONTACT_PHOTO_MAX_BYTES } from '@xsd/contracts/api/contact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactPhotoKey, InvalidPhotoKeyError, PhotoExistsError, type PhotoStore } from '../photo-store.js';

/** One adapter instance on fresh, private storage. */
export interface PhotoStoreUnderTest {
  readonly store: PhotoStore;
  /** A new instance on the same storage, to test what survives a restart. Called after `store.close()`. */
  reopen(): Promise<PhotoStore>;
  /** Closes everything and removes the storage (bucket, folder). */
  cleanup(): Promise<void>;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const NOW = new Date('2026-05-01T12:00:00.000Z');
const newKey = (type: 'png' | 'jpeg' = 'png') => contactPhotoKey(type, randomBytes(6).toString('hex'), NOW);

/** The PhotoStore contract, run against every adapter (see photo-store.ts). */
export function describePhotoStoreConformance(name: string, open: () => Promise<PhotoStoreUnderTest>): void {
  describe(`PhotoStore conformance: ${name}`, () => {
    let underTest: PhotoStoreUnderTest;
    let store: PhotoStore;

    beforeEach(async () => {
      underTest = await open();
      store = underTest.store;
    });

    afterEach(async () => {
      await store.close();
      await underTest.cleanup();
    });

    it('given a stored photo, when it is read, then the same bytes and content type come back', async () => {
      const key = newKey();
      await store.put(key, PNG, 'image/png');
      expect(await store.get(key)).toEqual({ bytes: PNG, contentType: 'image/png' });
    });

    it('given no photo under a key, when it is read, then null', async () => {
      expect(await store.get(newKey())).toBeNull();
    });

    it('given a stored photo, when another is put under its key, then it is refused and the first one stays', async () => {
      const key = newKey();
      await store.put(key, PNG, 'image/png');
      await expect(store.put(key, Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), 'image/png')).rejects.toBeInstanceOf(
        PhotoExistsError,
      );
      expect((await store.get(key))?.bytes).toEqual(PNG);
    });

    it('given a stored photo, when it is deleted, then it is gone, and deleting it again is no error', async () => {
      const key = newKey();
      await store.put(key, PNG, 'image/png');
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('given a photo of the largest accepted size, then it comes back whole', async () => {
      const key = newKey('jpeg');
      const bytes = new Uint8Array(randomBytes(CONTACT_PHOTO_MAX_BYTES));
      await store.put(key, bytes, 'image/jpeg');
      const read = await store.get(key);
      expect(read?.bytes.length).toBe(CONTACT_PHOTO_MAX_BYTES);
      expect(Buffer.compare(Buffer.from(read?.bytes ?? []), Buffer.from(bytes))).toBe(0);
    });

    it('given a stored photo, when the store is reopened, then it is still there', async () => {
      const key = newKey();
      await store.put(key, PNG, 'image/png');
      await store.close();
      store = await underTest.reopen();
      expect(await store.get(key)).toEqual({ bytes: PNG, contentType: 'image/png' });
    });

    it.each(['../escape.png', '/etc/passwd.png', 'contact_photos/../x.png', 'a//b.png', 'a\\b.png', 'photo.svg', 'photo', ''])(
      'given the key %j, then every operation refuses it',
      async (key) => {
        await expect(store.put(key, PNG, 'image/png')).rejects.toBeInstanceOf(InvalidPhotoKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidPhotoKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidPhotoKeyError);
      },
    );

    it('given a content type that is not the one of the key, then the put is refused and nothing is stored', async () => {
      const key = newKey();
      await expect(store.put(key, PNG, 'image/svg+xml')).rejects.toBeInstanceOf(InvalidPhotoKeyError);
      expect(await store.get(key)).toBeNull();
    });
  });
}
