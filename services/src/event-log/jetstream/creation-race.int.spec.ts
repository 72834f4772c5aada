import { connect, nanos, StorageType } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { JetStreamAttemptStore } from '../../rate-limit/jetstream-attempt-store.js';
import { deleteStream, streamsNamed, TEST_NATS_URL as SERVERS, uniqueStream } from '../../testing/test-stream.js';
import { ObjectStorePhotoStore } from '../../uploads/object-store-photo-store.js';
import { createOrBindRacing } from './creation-race.js';
import { JetStreamEventLog } from './jetstream-event-log.js';

// A new deployment starts its API, projector and notifier replicas together, each creating the
// stream and buckets it needs. On a standalone server a create that loses that race can be
// answered "subjects overlap with an existing stream" (seen in about 1 of 80 racing creates); a
// start must bind to the winner's stream instead of failing.
const ROUNDS = 8;
const RACERS = 6;

const streams: string[] = [];
afterAll(async () => {
  const nc = await connect({ servers: SERVERS });
  const jsm = await nc.jetstreamManager();
  for (const name of streams) await jsm.streams.delete(name).catch(() => false);
  await nc.close();
});

describe('creating JetStream streams and buckets when replicas start together', () => {
  it('creates racing on connections made beforehand (the sharpest race) all end with the one stream', { timeout: 120_000 }, async () => {
    const connections = await Promise.all(Array.from({ length: RACERS }, () => connect({ servers: SERVERS })));
    try {
      const managers = await Promise.all(connections.map((nc) => nc.jetstreamManager()));
      for (let round = 0; round < 30; round += 1) {
        const names = uniqueStream('RACE');
        streams.push(names.stream);
        const config = { name: names.stream, subjects: [`${names.subjectPrefix}xsd.>`], storage: StorageType.File, duplicate_window: nanos(120_000) };
        const created = await Promise.all(managers.map((jsm) => createOrBindRacing(() => jsm.streams.add(config))));
        expect(created.map((info) => info.config.name)).toEqual(Array(RACERS).fill(names.stream));
        await managers[0]!.streams.delete(names.stream);
      }
    } finally {
      await Promise.all(connections.map((nc) => nc.close()));
    }
  });

  it('every event log connecting at once to a new stream binds to the one stream', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const names = uniqueStream('RACE');
      streams.push(names.stream);
      const logs = await Promise.all(Array.from({ length: RACERS }, () => JetStreamEventLog.connect({ servers: SERVERS, ...names })));
      try {
        expect(await streamsNamed(names.stream)).toEqual([names.stream]);
      } finally {
        await Promise.all(logs.map((log) => log.close()));
        await deleteStream(names.stream);
      }
    }
  });

  it('every key-value bucket and object store opened at once binds to the one bucket', { timeout: 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { stream } = uniqueStream('RACE');
      const attempts = `${stream}_ATTEMPTS`;
      const photos = `${stream}_photos`;
      streams.push(`KV_${attempts}`, `OBJ_${photos}`);
      const opened = await Promise.all([
        ...Array.from({ length: RACERS }, () => JetStreamAttemptStore.connect({ servers: SERVERS, bucket: attempts, ttlMs: 60_000 })),
        ...Array.from({ length: RACERS }, () => ObjectStorePhotoStore.connect({ servers: SERVERS, bucket: photos })),
      ]);
      try {
        expect((await streamsNamed(`KV_${attempts}`)).length + (await streamsNamed(`OBJ_${photos}`)).length).toBe(2);
      } finally {
        await Promise.all(opened.map((store) => store.close()));
      }
    }
  });

  it('a real conflict still fails: another stream already holds the subjects', async () => {
    const names = uniqueStream('RACE');
    const squatter = `${names.stream}_OTHER`;
    streams.push(squatter, names.stream);
    const nc = await connect({ servers: SERVERS });
    try {
      await (await nc.jetstreamManager()).streams.add({ name: squatter, subjects: [`${names.subjectPrefix}xsd.>`], storage: StorageType.Memory });
    } finally {
      await nc.close();
    }

    await expect(JetStreamEventLog.connect({ servers: SERVERS, ...names })).rejects.toThrow(/subjects overlap with an existing stream/);
    expect(await streamsNamed(names.stream)).toEqual([squatter]);
  });
});
