import { PHOTO_CONTENT_TYPES, type PhotoType } from '@xsd/contracts/api/contact';

/** DI token of the deployment's PhotoStore. */
export const PHOTO_STORE = Symbol('PHOTO_STORE');

/** A stored photo as it was put. */
export interface StoredPhoto {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/**
 * Where contact photos live: a folder under the data directory in the embedded mode, a JetStream
 * object store in the distributed one (see openPhotoStore). Keys look like
 * `contact_photos/{random}_{timestamp}.{ext}`; the extension names the content type.
 */
export interface PhotoStore {
  /** Stores the bytes; never overwrites (PhotoExistsError when the key is taken). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The photo, or null when there is none under the key. */
  get(key: string): Promise<StoredPhoto | null>;
  /** Removes the photo; removing a missing one is not an error (a retried clean-up). */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export class PhotoExistsError extends Error {
  constructor(readonly key: string) {
    super(`A photo is already stored under ${key}`);
    this.name = 'PhotoExistsError';
  }
}

export class InvalidPhotoKeyError extends Error {
  constructor(readonly key: string) {
    super(`Not a photo key: ${JSON.stringify(key)}`);
    this.name = 'InvalidPhotoKeyError';
  }
}

const EXTENSIONS: Readonly<Record<PhotoType, string>> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

/**
 * Folder segments of safe characters and a file name ending in a known extension: nothing that
 * could leave the folder (`..`, absolute paths, back-slashes) or reach another bucket's names.
 */
const KEY_PATTERN = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+\.(jpg|png|gif|webp)$/;

/** The content type a key's extension stands for; throws InvalidPhotoKeyError for any other key. */
export function photoKeyContentType(key: string): string {
  const extension = KEY_PATTERN.exec(key)?.[1];
  const type = (Object.keys(EXTENSIONS) as PhotoType[]).find((candidate) => EXTENSIONS[candidate] === extension);
  if (!type) throw new InvalidPhotoKeyError(key);
  return PHOTO_CONTENT_TYPES[type];
}

/** Checks the key, and that the declared type is the one its extension stands for. */
export function checkPhotoPut(key: string, contentType: string): void {
  if (photoKeyContentType(key) !== contentType) throw new InvalidPhotoKeyError(key);
}

/**
 * A keyed submission's photo, `contact_photos/{submissionId}_{digest}.{ext}`: the same for every
 * retry of that submission (a retry never leaves a second copy) and apart for other bytes (a key
 * reused with another photo never overwrites the first).
 */
export function keyedContactPhotoKey(type: PhotoType, submissionId: string, digest: string): string {
  return `contact_photos/${submissionId}_${digest}.${EXTENSIONS[type]}`;
}

/** `contact_photos/{random}_{timestamp}.{ext}`, the spec's path. */
export function contactPhotoKey(type: PhotoType, random: string, now: Date): string {
  return `contact_photos/${random}_${now.getTime()}.${EXTENSIONS[type]}`;
}
