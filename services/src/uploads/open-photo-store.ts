import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { IN_MEMORY } from '../database/database.js';
import { FolderPhotoStore } from './folder-photo-store.js';
import { ObjectStorePhotoStore } from './object-store-photo-store.js';
import type { PhotoStore } from './photo-store.js';

const DEFAULT_STREAM = 'XSD_EVENTS';

/**
 * The spec's bucket `contact_uploads`; a deployment on another stream name (tests sharing one NATS
 * server) gets a bucket of its own, as the sign-in attempt bucket does.
 */
export function photoBucket(stream: string): string {
  return stream === DEFAULT_STREAM ? 'contact_uploads' : `${stream}_contact_uploads`;
}

/** The folder under the data directory that the embedded mode keeps photos in (keys add `contact_photos/`). */
export function photoFolder(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** NATS_URL set: the object store bucket every replica shares; unset: a folder under the data directory. */
export async function openPhotoStore(config: AppConfig): Promise<PhotoStore> {
  if (config.natsUrl) {
    return ObjectStorePhotoStore.connect({
      servers: config.natsUrl.split(',').map((url) => url.trim()),
      bucket: photoBucket(config.stream),
      replicas: config.streamReplicas,
    });
  }
  // A database kept in memory keeps nothing on disk: its photos go to a scratch folder (0700), made
  // at the first photo and removed at close. Made at open, it was left behind by every start that
  // failed after it (Nest closes nothing of an application that never started).
  if (config.dataDir === IN_MEMORY) return new FolderPhotoStore(join(tmpdir(), `xsd-photos-${randomBytes(12).toString('hex')}`), true);
  return new FolderPhotoStore(photoFolder(config.dataDir));
}
