import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { vapidBucket } from '../push/vapid/vapid-keys.js';
import { attemptBucket } from '../rate-limit/open-attempt-store.js';
import { deviceKeyBucket } from '../staff/device-key.js';
import { photoBucket } from '../uploads/open-photo-store.js';

export const TEST_NATS_URL = process.env.XSD_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestStream {
  readonly stream: string;
  readonly subjectPrefix: string;
}

/**
 * A stream and subject prefix of its own: streams with overlapping subjects cannot coexist on one
 * server, and other runs share it.
 */
export function uniqueStream(kind = 'TEST'): TestStream {
  const suffix = randomBytes(5).toString('hex');
  return { stream: `XSD_${kind}_${suffix.toUpperCase()}`, subjectPrefix: `t${suffix}.` };
}

/**
 * Deletes the stream, and the buckets an API on it made: sign-in attempts, VAPID keys, the device
 * cookie key, contact photos (attemptBucket, vapidBucket, deviceKeyBucket, photoBucket).
 */
export async function deleteStream(stream: string, servers = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch(() => false);
    await jsm.streams.delete(`KV_${attemptBucket(stream)}`).catch(() => false);
    await jsm.streams.delete(`KV_${vapidBucket(stream)}`).catch(() => false);
    await jsm.streams.delete(`KV_${deviceKeyBucket(stream)}`).catch(() => false);
    await jsm.streams.delete(`OBJ_${photoBucket(stream)}`).catch(() => false);
  } finally {
    await nc.close();
  }
}

/** The server's streams whose names hold `part`: a stream and the buckets named after it. */
export async function streamsNamed(part: string, servers = TEST_NATS_URL): Promise<string[]> {
  const nc = await connect({ servers });
  try {
    const names: string[] = [];
    for await (const info of (await nc.jetstreamManager()).streams.list()) if (info.config.name.includes(part)) names.push(info.config.name);
    return names;
  } finally {
    await nc.close();
  }
}
