import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { describe, expect, it } from 'vitest';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { TEST_NATS_URL } from '../testing/test-stream.js';
import { ObjectStorePhotoStore } from './object-store-photo-store.js';
import { openPhotoStore, photoBucket } from './open-photo-store.js';
import { describePhotoStoreConformance } from './testing/photo-store-conformance.js';

const uniqueBucket = () => `xsd_test_photos_${randomBytes(5).toString('hex')}`;

async function deleteBucket(bucket: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    await (await nc.jetstreamManager()).streams.delete(`OBJ_${bucket}`).catch(() => false);
  } finally {
    await nc.close();
  }
}

describePhotoStoreConformance('JetStream object store', async () => {
  const bucket = uniqueBucket();
  const open = () => ObjectStorePhotoStore.connect({ servers: TEST_NATS_URL, bucket });
  return { store: await open(), reopen: open, cleanup: () => deleteBucket(bucket) };
});

describe('JetStream object store photo store: the bucket', () => {
  it('given the distributed mode, then the bucket is named after the stream and replicated like it', async () => {
    const stream = `XSD_TEST_${randomBytes(5).toString('hex').toUpperCase()}`;
    const bucket = photoBucket(stream);
    const store = await openPhotoStore({ ...TEST_APP_CONFIG, natsUrl: TEST_NATS_URL, stream, streamReplicas: 1 });
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      await store.put('contact_photos/abc_1.webp', Uint8Array.from([0x52, 0x49, 0x46, 0x46]), 'image/webp');
      const status = await (await nc.jetstream().views.os(bucket)).status();
      expect(status).toMatchObject({ bucket, replicas: 1 });
      expect(status.size).toBeGreaterThan(0);
    } finally {
      await store.close();
      await nc.close();
      await deleteBucket(bucket);
    }
  });

  it('given the default stream, then the bucket is the spec\'s contact_uploads', () => {
    expect(photoBucket('XSD_EVENTS')).toBe('contact_uploads');
  });
});
