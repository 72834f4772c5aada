import { connect, headers, type NatsConnection, type ObjectStore } from 'nats';
import { createOrBindRacing } from '../event-log/jetstream/creation-race.js';
import { checkPhotoPut, PhotoExistsError, type PhotoStore, photoKeyContentType, type StoredPhoto } from './photo-store.js';

export interface ObjectStorePhotoStoreOptions {
  /** NATS server URL(s) (`NATS_URL`). */
  readonly servers: string | string[];
  readonly bucket: string;
  /** Copies of the bucket in a cluster (`XSD_STREAM_REPLICAS`), like the event stream; default 1. */
  readonly replicas?: number;
}

const CONTENT_TYPE = 'Content-Type';

/**
 * The distributed mode's store: a JetStream object store bucket every API process shares, so no
 * other server is needed. The content type rides in the object's headers.
 *
 * No overwrite: a put first asks whether the name exists. Two processes racing for one name could
 * both pass that check, but keys carry a random part and a timestamp, so they never share one.
 */
export class ObjectStorePhotoStore implements PhotoStore {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly store: ObjectStore,
  ) {}

  /** Connects, and creates the bucket when it does not exist yet (an existing one is used as it is). */
  static async connect(options: ObjectStorePhotoStoreOptions): Promise<ObjectStorePhotoStore> {
    const nc = await connect({ servers: options.servers, name: 'silverboard-photos', maxReconnectAttempts: -1 });
    try {
      const store = await createOrBindRacing(() => nc.jetstream().views.os(options.bucket, { replicas: options.replicas ?? 1 }));
      return new ObjectStorePhotoStore(nc, store);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    checkPhotoPut(key, contentType);
    if (await this.store.info(key)) throw new PhotoExistsError(key);
    const meta = headers();
    meta.set(CONTENT_TYPE, contentType);
    await this.store.putBlob({ name: key, headers: meta }, bytes);
  }

  async get(key: string): Promise<StoredPhoto | null> {
    const fallback = photoKeyContentType(key);
    const info = await this.store.info(key);
    if (!info) return null;
    const bytes = await this.store.getBlob(key);
    if (!bytes) return null;
    // getBlob hands back a Node Buffer; callers get the plain Uint8Array the folder store gives.
    return { bytes: new Uint8Array(bytes), contentType: info.headers?.get(CONTENT_TYPE) || fallback };
  }

  async delete(key: string): Promise<void> {
    photoKeyContentType(key);
    if (await this.store.info(key)) await this.store.delete(key);
  }

  async close(): Promise<void> {
    await this.nc.close();
  }
}
