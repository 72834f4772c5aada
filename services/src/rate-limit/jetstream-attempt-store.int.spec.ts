import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { describe, expect, it } from 'vitest';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
import { JetStreamAttemptStore } from './jetstream-attempt-store.js';
import { MemoryAttemptStore } from './memory-attempt-store.js';
import { attemptBucket, openAttemptStore } from './open-attempt-store.js';
import { describeAttemptStoreConformance } from './testing/attempt-store-conformance.js';

const uniqueBucket = () => `xsd_test_attempts_${randomBytes(5).toString('hex')}`;

async function bucketStreams(): Promise<string[]> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const names: string[] = [];
    for await (const name of (await nc.jetstreamManager()).streams.names()) names.push(name);
    return names;
  } finally {
    await nc.close();
  }
}

async function deleteBucket(bucket: string): Promise<void> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    await (await nc.jetstreamManager()).streams.delete(`KV_${bucket}`).catch(() => false);
  } finally {
    await nc.close();
  }
}

describeAttemptStoreConformance('JetStream key-value bucket', async () => {
  const bucket = uniqueBucket();
  const open = () => JetStreamAttemptStore.connect({ servers: TEST_NATS_URL, bucket, ttlMs: 60_000 });
  const store = await open();
  return {
    store,
    sibling: open,
    cleanup: async () => {
      await store.close();
      await deleteBucket(bucket);
    },
  };
});

describe('JetStream attempt store: the bucket', () => {
  it('is created with one history entry, the TTL, memory storage and the replicas asked for, and holds no key in clear', async () => {
    const bucket = uniqueBucket();
    const store = await JetStreamAttemptStore.connect({ servers: TEST_NATS_URL, bucket, ttlMs: 15 * 60_000, replicas: 1 });
    try {
      await store.add('client|10.0.0.7|email:someone@example.test', new Date(), { windowMs: 60_000, limit: 5 });
      const nc = await connect({ servers: TEST_NATS_URL });
      try {
        const kv = await nc.jetstream().views.kv(bucket, { bindOnly: true });
        const status = await kv.status();
        expect(status).toMatchObject({ history: 1, ttl: 15 * 60_000, replicas: 1, storage: 'memory', values: 1 });
        const keys: string[] = [];
        for await (const key of await kv.keys()) keys.push(key);
        expect(keys).toEqual([expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
      } finally {
        await nc.close();
      }
    } finally {
      await store.close();
      await deleteBucket(bucket);
    }
    expect(await bucketStreams()).not.toContain(`KV_${bucket}`);
  });
});

describe('openAttemptStore', () => {
  it('given NATS_URL, then every API of the deployment shares the bucket named after its event stream', async () => {
    const { stream } = uniqueStream();
    const config = { ...TEST_APP_CONFIG, natsUrl: `${TEST_NATS_URL}, ${TEST_NATS_URL}`, stream, streamReplicas: 1 };
    const [first, second] = await Promise.all([openAttemptStore(config, 60_000), openAttemptStore(config, 60_000)]);
    try {
      expect(first).toBeInstanceOf(JetStreamAttemptStore);
      const now = new Date();
      await first.add('client|10.0.0.9', now, { windowMs: 60_000, limit: 5 });
      expect(await second.count('client|10.0.0.9', now, 60_000)).toBe(1);
      expect(await bucketStreams()).toContain(`KV_${attemptBucket(stream)}`);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await deleteStream(stream);
    }
    expect(await bucketStreams()).not.toContain(`KV_${attemptBucket(stream)}`);
  });

  it('given no NATS_URL, then the process keeps its own counts', async () => {
    const store = await openAttemptStore(TEST_APP_CONFIG, 60_000);
    expect(store).toBeInstanceOf(MemoryAttemptStore);
    await store.close();
  });
});
