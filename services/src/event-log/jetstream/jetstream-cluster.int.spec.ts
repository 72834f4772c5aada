import type { AnyEvent } from '@xsd/contracts';
import { connect, type ConsumerInfo, type JetStreamManager, type NatsConnection, type StreamInfo } from 'nats';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointsRepository } from '../../core/checkpoints.repository.js';
import { deadLetterRecorder } from '../../core/dead-letters.js';
import { ProjectionProgress } from '../../core/projection-progress.js';
import { consumerName } from '../../core/checkpoints.repository.js';
import { Projector } from '../../projector/projector.js';
import { priceHistoryProjection } from '../../read-models/price-history/price-history.projection.js';
import { type NatsCluster, startNatsCluster } from '../../testing/nats-cluster.js';
import { priceTicks } from '../../testing/price-ticks.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { uniqueStream } from '../../testing/test-stream.js';
import { waitFor } from '../../testing/wait-for.js';
import { JetStreamEventLog } from './jetstream-event-log.js';

/**
 * Events pushed through the kill: about a sixth before it, up to two thirds while the node is
 * down, the last third while it restarts and catches up.
 */
const EVENTS = 3_000;
const CHUNK = 25;

describe('JetStream event log on a three-node cluster (real nats-server processes)', () => {
  let cluster: NatsCluster;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    cluster = await startNatsCluster();
    nc = await connect({ servers: cluster.urls });
    jsm = await nc.jetstreamManager();
  });

  afterAll(async () => {
    await nc?.close();
    await cluster?.stop();
  });

  it('given a stream with one replica, when the log opens with three, then the stream and its durable consumer are raised to three', async () => {
    const names = uniqueStream('R1');
    const single = await JetStreamEventLog.connect({ servers: cluster.urls, ...names, replicas: 1 });
    await single.appendMany(priceTicks(10));
    const first = await single.subscribe('projection_demo', { fromSequence: 1 }, async () => undefined);
    await waitFor(async () => (await jsm.consumers.info(names.stream, 'projection_demo')).ack_floor.stream_seq === 10, {
      timeoutMs: 10_000,
      message: 'the consumer to acknowledge 10 events',
    });
    await first.stop();
    await single.close();
    expect((await jsm.streams.info(names.stream)).config.num_replicas).toBe(1);

    const replicated = await JetStreamEventLog.connect({ servers: cluster.urls, ...names, replicas: 3 });
    try {
      // The raised stream answers once its new replicas joined (the API may time out meanwhile).
      let stream: StreamInfo | undefined;
      await waitFor(
        async () => {
          stream = await jsm.streams.info(names.stream);
          return stream.cluster?.replicas?.length === 2 && stream.cluster.replicas.every((peer) => peer.current);
        },
        { timeoutMs: 30_000, intervalMs: 100, message: 'two more stream replicas, caught up' },
      );
      expect(stream?.config.num_replicas).toBe(3);
      expect(stream?.state.messages).toBe(10);

      const resumed = await replicated.subscribe('projection_demo', { fromSequence: 11 }, async () => undefined);
      // Its new replicas answer for it only once they caught up with its state (an info asked
      // sooner may come from a replica that has not: delivered 0, even with every peer marked
      // current), so the wait is for its position too; a consumer that lost it times out here.
      let consumer: ConsumerInfo | undefined;
      await waitFor(
        async () => {
          consumer = await jsm.consumers.info(names.stream, 'projection_demo');
          const caughtUp = consumer.cluster?.replicas?.length === 2 && consumer.cluster.replicas.every((peer) => peer.current);
          return caughtUp && consumer.delivered.stream_seq === 10;
        },
        { timeoutMs: 30_000, intervalMs: 100, message: 'two more consumer replicas, caught up' },
      );
      await resumed.stop();
      // The consumer made at one replica has three now, and stands where it stopped.
      expect(consumer?.cluster?.replicas).toHaveLength(2);
      expect(consumer?.config.num_replicas).toBe(3);
      expect(consumer?.delivered.stream_seq).toBe(10);
    } finally {
      await replicated.close();
      await jsm.streams.delete(names.stream);
    }
  });

  describe('given a projection fed through the replicated log', () => {
    const names = uniqueStream('R3');
    let database: TestDatabase;
    let log: JetStreamEventLog;
    let projector: Projector;

    beforeEach(async () => {
      database = await createTestDatabase();
      log = await JetStreamEventLog.connect({
        servers: cluster.urls,
        ...names,
        replicas: 3,
        retryDelayMs: 100,
        onDeadLetter: deadLetterRecorder(database.handle.db),
      });
      const progress = new ProjectionProgress(new CheckpointsRepository(database.handle));
      projector = new Projector(database.handle, log, [priceHistoryProjection], progress, { maxBatch: 200 });
      await projector.start();
    });

    afterEach(async () => {
      await projector?.stop();
      await log?.close();
      await jsm.streams.delete(names.stream).catch(() => false);
      await database?.drop();
    });

    it('when the node leading the stream is killed with SIGKILL mid-stream and later restarted, then no event is lost or doubled and the consumer resumes', async () => {
      const db = database.handle.db;
      const checkpoints = new CheckpointsRepository(database.handle);
      const events = priceTicks(EVENTS);
      const appended: AnyEvent[] = [];
      const third = EVENTS / 3;
      let beginRestart = () => undefined as void;
      const restartBegun = new Promise<void>((resolve) => (beginRestart = resolve));

      // The appender pushes chunks back to back, as the ingestor does, and never retries itself:
      // riding out the election is the log's job. It waits once, at two thirds, for the restart to
      // begin, so the last third is appended while the node rejoins.
      const appending = (async () => {
        for (let start = 0; start < EVENTS; start += CHUNK) {
          if (start === 2 * third) await restartBegun;
          const chunk = events.slice(start, start + CHUNK);
          await log.appendMany(chunk);
          appended.push(...chunk);
        }
      })();
      const appenderFailed = appending.then(() => new Promise<never>(() => undefined));
      appenderFailed.catch(() => undefined); // raced below; awaited for real at the end
      const whileAppending = (wait: Promise<void>) => Promise.race([wait, appenderFailed]);

      await whileAppending(waitFor(() => appended.length >= third / 2, { timeoutMs: 30_000, message: 'appends to flow' }));
      const leader = (await jsm.streams.info(names.stream)).cluster?.leader;
      if (!leader) throw new Error('the stream has no leader');
      await cluster.kill(leader);
      const appendedAtKill = appended.length;

      // One node of three down: appends and the projection go on past what was there at the kill.
      let projectedWhileDown = 0;
      await whileAppending(
        waitFor(
          async () => {
            projectedWhileDown = await checkpoints.get('price_history');
            return appended.length >= 2 * third && projectedWhileDown > appendedAtKill;
          },
          { timeoutMs: 60_000, intervalMs: 50, message: 'appends and the projection to go on without the killed node' },
        ),
      );
      const appendedWhileDown = appended.length - appendedAtKill;
      const restarting = cluster.restart(leader);
      beginRestart();
      await Promise.all([appending, restarting]);

      const last = await log.lastSequence();
      await waitFor(async () => (await checkpoints.get('price_history')) === last, {
        timeoutMs: 60_000,
        intervalMs: 50,
        message: `the projection to reach ${last}`,
      });

      // Stored once each: the stream holds exactly the appended events.
      const stored = await log.read(1, Number.POSITIVE_INFINITY);
      const appendedIds = new Set(appended.map(({ id }) => id.toLowerCase()));
      expect(last).toBe(EVENTS);
      expect(stored).toHaveLength(EVENTS);
      expect(new Set(stored.map(({ event }) => event.id.toLowerCase()))).toEqual(appendedIds);
      // Projected once each: every appended id is one row, and nothing was dead-lettered.
      const rows = await db.selectFrom('price_history').select('id').execute();
      expect(rows).toHaveLength(EVENTS);
      expect(new Set(rows.map(({ id }) => id.toLowerCase()))).toEqual(appendedIds);
      expect(await db.selectFrom('dead_letters').selectAll().execute()).toEqual([]);
      // The durable consumer resumed: it projected past the kill while the node was down, and in
      // the end acknowledged everything, on three replicas again.
      expect(appendedWhileDown).toBeGreaterThanOrEqual(third);
      expect(projectedWhileDown).toBeGreaterThan(appendedAtKill);
      await cluster.waitHealthy();
      // Acks of messages the old leader delivered can miss a new consumer leader that never saw them
      // delivered: it sends those again, and the subscription acks each copy (one it already settled).
      let consumer = await jsm.consumers.info(names.stream, consumerName('price_history'));
      await waitFor(
        async () => {
          consumer = await jsm.consumers.info(names.stream, consumerName('price_history'));
          return consumer.ack_floor.stream_seq === last;
        },
        { timeoutMs: 60_000, intervalMs: 200, message: `the consumer to acknowledge ${last}` },
      );
      expect(consumer.ack_floor.stream_seq).toBe(last);
      expect(consumer.num_pending).toBe(0);
      expect(consumer.cluster?.replicas?.every((peer) => peer.current)).toBe(true);
    }, 120_000);
  });
});
