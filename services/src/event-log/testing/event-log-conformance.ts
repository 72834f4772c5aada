import {
  type AnyEvent,
  type ChainName,
  createEvent,
  InvalidEventError,
  type TokenName,
} from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../testing/wait-for.js';
import type { DeliveryOptions } from '../batch-delivery.js';
import { type BatchHandler, ConcurrencyError, type EventLog, type StoredEvent, type Subscription } from '../event-log.js';

/** One adapter instance on fresh, private storage. */
export interface EventLogUnderTest {
  readonly log: EventLog;
  /**
   * A new instance on the same storage, to test what survives a restart. Called after
   * `log.close()`; it may close whatever else the first instance held (a PGlite database).
   */
  reopen(): Promise<EventLog>;
  /** Closes everything and removes the storage (stream, database, folder). */
  cleanup(): Promise<void>;
}

/** Builds an adapter with the given delivery policy (the suite uses short delays and a dead-letter spy). */
export type EventLogFactory = (delivery: DeliveryOptions) => Promise<EventLogUnderTest>;

const MAX_DELIVERIES = 3;
const RETRY_DELAY_MS = 25;
const SYSTEM = { kind: 'system', id: 'conformance' } as const;
const WAIT = { timeoutMs: 10_000, intervalMs: 5 } as const;

let clock = Date.parse('2025-06-01T00:00:00.000Z');

/** A valid event on `xsd.price.<chain>.<token>`, each with a new id and a later time. */
function priceTicked(chain: ChainName = 'Ethereum', token: TokenName = 'XSD', price = 1.01): AnyEvent {
  clock += 1_000;
  const now = new Date(clock);
  return createEvent('price.ticked', { chain, token, price, observedAt: now.toISOString() }, { actor: SYSTEM, now });
}

function priceTicks(count: number, chain: ChainName = 'Ethereum'): AnyEvent[] {
  return Array.from({ length: count }, (_, index) => priceTicked(chain, 'XSD', 1 + index / 1000));
}

/** Records what a consumer was handed; `handled` only holds batches the handler resolved. */
function recorder(behaviour: (batch: readonly StoredEvent[]) => void | Promise<void> = () => undefined) {
  const deliveries: number[][] = [];
  const handled: StoredEvent[] = [];
  const receivedAt = new Map<number, number>();
  const handler: BatchHandler = async (batch) => {
    const now = performance.now();
    for (const { sequence } of batch) if (!receivedAt.has(sequence)) receivedAt.set(sequence, now);
    deliveries.push(batch.map(({ sequence }) => sequence));
    await behaviour(batch);
    handled.push(...batch);
  };
  return {
    handler,
    deliveries,
    handled,
    receivedAt,
    sequences: () => handled.map(({ sequence }) => sequence),
    lastHandled: () => handled.at(-1)?.sequence ?? 0,
  };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/**
 * The semantics every EventLog adapter shares (see event-log.ts). Each adapter's int spec calls
 * this with a factory for fresh storage; each test gets its own.
 */
export function describeEventLogConformance(name: string, factory: EventLogFactory): void {
  describe(`${name}: EventLog conformance`, () => {
    let subject: EventLogUnderTest;
    let log: EventLog;
    let deadLetters: { sequence: number; id: string; consumer: string; error: string }[];
    const subscriptions: Subscription[] = [];

    /** Subscribes and stops the subscription after the test. */
    async function subscribe(
      target: EventLog,
      consumer: string,
      fromSequence: number,
      handler: BatchHandler,
      maxBatch?: number,
    ): Promise<Subscription> {
      const subscription = await target.subscribe(consumer, { fromSequence, maxBatch }, handler);
      subscriptions.push(subscription);
      return subscription;
    }

    async function reopen(): Promise<EventLog> {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await log.close();
      log = await subject.reopen();
      return log;
    }

    beforeEach(async () => {
      deadLetters = [];
      subject = await factory({
        maxDeliveries: MAX_DELIVERIES,
        retryDelayMs: RETRY_DELAY_MS,
        onDeadLetter: (stored, error, consumer) => {
          deadLetters.push({
            sequence: stored.sequence,
            id: stored.event.id,
            consumer,
            error: error instanceof Error ? error.message : String(error),
          });
        },
        logger: { error: () => undefined, warn: () => undefined },
      });
      log = subject.log;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
      await log.close();
      await subject.cleanup();
    });

    describe('given an empty log', () => {
      it('when nothing was appended, then every read answers empty', async () => {
        expect(await log.lastSequence()).toBe(0);
        expect(await log.read(1, 10)).toEqual([]);
        expect(await log.readSubject('xsd.price.Ethereum.XSD')).toEqual([]);
        expect(await log.subjectSequence('xsd.price.Ethereum.XSD')).toBe(0);
        expect(await log.info()).toEqual({ adapter: log.adapter, stream: log.stream, lastSequence: 0 });
      });

      it('when an event is appended, then it is stored at sequence 1 and reads back unchanged', async () => {
        const event = priceTicked();

        const result = await log.append(event);

        expect(result).toEqual({ sequence: 1, duplicate: false });
        expect(await log.read(1, 10)).toEqual([{ sequence: 1, event }]);
        expect(await log.lastSequence()).toBe(1);
        expect(await log.info()).toEqual({ adapter: log.adapter, stream: log.stream, lastSequence: 1 });
      });

      it('when an invalid event is appended, then it rejects with InvalidEventError and stores nothing', async () => {
        const valid = priceTicked();
        const negativePrice = { ...valid, data: { ...valid.data, price: -1 } } as AnyEvent;
        const wrongSubject = { ...valid, subject: 'xsd.price.BSC.XSD' } as AnyEvent;
        const notAnId = { ...valid, id: 'not-a-uuid' } as AnyEvent;

        for (const invalid of [negativePrice, wrongSubject, notAnId]) {
          await expect(log.append(invalid)).rejects.toBeInstanceOf(InvalidEventError);
        }

        expect(await log.lastSequence()).toBe(0);
        expect(await log.read(1, 10)).toEqual([]);
      });
    });

    describe('given an event already stored', () => {
      it('when an event with the same id is appended again, then nothing is written and the first sequence is answered as a duplicate', async () => {
        const first = priceTicked();
        await log.append(first);
        await log.append(priceTicked());

        const again = await log.append(first);

        expect(again).toEqual({ sequence: 1, duplicate: true });
        expect(await log.lastSequence()).toBe(2);
        expect((await log.read(1, 10)).map(({ event }) => event.id)).toHaveLength(2);
      });

      it('when it is appended again with an expectation that no longer holds, then it is still a duplicate, not a conflict', async () => {
        const first = priceTicked();
        await log.append(first, { expectedSubjectSequence: 0 });
        await log.append(priceTicked(), { expectedSubjectSequence: 1 });

        // A retry of the first command whose answer was lost.
        const retry = await log.append(first, { expectedSubjectSequence: 0 });

        expect(retry).toEqual({ sequence: 1, duplicate: true });
        expect(await log.lastSequence()).toBe(2);
      });
    });

    describe('given optimistic concurrency on a subject (expectedSubjectSequence)', () => {
      it('when the subject is empty and 0 is expected, then the event is stored', async () => {
        await log.append(priceTicked('BSC'));

        const result = await log.append(priceTicked('Ethereum'), { expectedSubjectSequence: 0 });

        expect(result).toEqual({ sequence: 2, duplicate: false });
        expect(await log.subjectSequence('xsd.price.Ethereum.XSD')).toBe(2);
      });

      it('when the subject has events and 0 is expected, then it rejects with ConcurrencyError and stores nothing', async () => {
        await log.append(priceTicked('Ethereum'));

        const error = await log.append(priceTicked('Ethereum'), { expectedSubjectSequence: 0 }).catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ subject: 'xsd.price.Ethereum.XSD', expectedSequence: 0, actualSequence: 1 });
        expect(await log.lastSequence()).toBe(1);
      });

      it('when the expectation is the last sequence of the subject, then it is stored whatever other subjects did', async () => {
        await log.append(priceTicked('Ethereum'));
        await log.append(priceTicked('BSC'));
        await log.append(priceTicked('BSC'));

        const result = await log.append(priceTicked('Ethereum'), { expectedSubjectSequence: 1 });

        expect(result).toEqual({ sequence: 4, duplicate: false });
      });

      it('when the expectation is stale, then it rejects with ConcurrencyError and stores nothing', async () => {
        await log.append(priceTicked('Ethereum'));
        await log.append(priceTicked('Ethereum'));

        const stale = priceTicked('Ethereum');
        const error = await log.append(stale, { expectedSubjectSequence: 1 }).catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ConcurrencyError);
        expect(error).toMatchObject({ subject: 'xsd.price.Ethereum.XSD', expectedSequence: 1, actualSequence: 2 });
        expect(await log.lastSequence()).toBe(2);
        expect((await log.readSubject('xsd.price.Ethereum.XSD')).map(({ event }) => event.id)).not.toContain(stale.id);
      });

      it('when several appends race with the same expectation, then exactly one wins and the others get ConcurrencyError', async () => {
        await log.append(priceTicked('Ethereum'));
        const racers = priceTicks(5, 'Ethereum');

        const outcomes = await Promise.allSettled(racers.map((event) => log.append(event, { expectedSubjectSequence: 1 })));

        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(won[0]).toMatchObject({ value: { sequence: 2, duplicate: false } });
        for (const outcome of lost) expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
        expect(await log.readSubject('xsd.price.Ethereum.XSD')).toHaveLength(2);
        expect(await log.lastSequence()).toBe(2);
      });
    });

    describe('given many events to append at once (appendMany)', () => {
      it('when they are appended, then results come in input order with consecutive sequences, and read back in that order', async () => {
        const chains: ChainName[] = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon'];
        const events = Array.from({ length: 2_500 }, (_, index) => priceTicked(chains[index % chains.length]));

        const results = await log.appendMany(events);

        expect(results).toEqual(range(1, 2_500).map((sequence) => ({ sequence, duplicate: false })));
        const stored = await log.read(1, 5_000);
        expect(stored.map(({ event }) => event.id)).toEqual(events.map(({ id }) => id));
        expect(stored.map(({ sequence }) => sequence)).toEqual(range(1, 2_500));
        expect(await log.lastSequence()).toBe(2_500);
      });

      it('when the input repeats an id or holds an event already stored, then those are reported as duplicates of the first sequence', async () => {
        const stored = priceTicked();
        await log.append(stored);
        const [a, b] = priceTicks(2);

        const results = await log.appendMany([a, stored, b, a]);

        expect(results).toEqual([
          { sequence: 2, duplicate: false },
          { sequence: 1, duplicate: true },
          { sequence: 3, duplicate: false },
          { sequence: 2, duplicate: true },
        ]);
        expect(await log.lastSequence()).toBe(3);
      });

      it('when one event is invalid, then it rejects with InvalidEventError and stores none of them', async () => {
        const [a, b] = priceTicks(2);
        const invalid = { ...b, data: { ...b.data, price: 0 } } as AnyEvent;

        await expect(log.appendMany([a, invalid])).rejects.toBeInstanceOf(InvalidEventError);

        expect(await log.lastSequence()).toBe(0);
      });

      it('when the input is empty, then nothing happens', async () => {
        expect(await log.appendMany([])).toEqual([]);
        expect(await log.lastSequence()).toBe(0);
      });
    });

    describe('given a range to scan (the backup)', () => {
      it('when it is scanned in pages, then every event of the range comes once, in order, with its stored JSON', async () => {
        const events = priceTicks(2_345);
        await log.appendMany(events);
        await log.appendMany(priceTicks(10)); // after the range: not handed out

        const pages: number[] = [];
        const scanned: { sequence: number; id: string; json: unknown }[] = [];
        for await (const page of log.scan(6, 2_345, 1_000)) {
          pages.push(page.length);
          for (const stored of page) scanned.push({ sequence: stored.sequence, id: stored.event.id, json: JSON.parse(stored.json) });
        }

        expect(pages.reduce((sum, size) => sum + size, 0)).toBe(2_340);
        expect(Math.max(...pages)).toBeLessThanOrEqual(1_000);
        expect(scanned.map(({ sequence }) => sequence)).toEqual(range(6, 2_345));
        expect(scanned.map(({ id }) => id)).toEqual(events.slice(5).map(({ id }) => id));
        expect(scanned.map(({ json }) => json)).toEqual((await log.read(6, 2_340)).map(({ event }) => event));
        for await (const page of log.scan(2_346, 2_345, 100)) expect(page).toEqual([]);
      });
    });

    describe('given events on several subjects', () => {
      let ethereum: AnyEvent[];
      let bsc: AnyEvent[];

      beforeEach(async () => {
        ethereum = priceTicks(3, 'Ethereum');
        bsc = priceTicks(2, 'BSC');
        // Sequences: 1 eth, 2 bsc, 3 eth, 4 bsc, 5 eth
        await log.appendMany([ethereum[0], bsc[0], ethereum[1], bsc[1], ethereum[2]]);
      });

      it('when reading from a sequence with a limit, then that window comes back in order', async () => {
        expect((await log.read(2, 3)).map(({ sequence, event }) => [sequence, event.id])).toEqual([
          [2, bsc[0].id],
          [3, ethereum[1].id],
          [4, bsc[1].id],
        ]);
        expect((await log.read(4, 100)).map(({ sequence }) => sequence)).toEqual([4, 5]);
        expect(await log.read(6, 10)).toEqual([]);
        expect(await log.read(1, 0)).toEqual([]);
      });

      it('when reading a subject, then only its events come back, in order, with their stream sequences', async () => {
        expect(await log.readSubject('xsd.price.Ethereum.XSD')).toEqual([
          { sequence: 1, event: ethereum[0] },
          { sequence: 3, event: ethereum[1] },
          { sequence: 5, event: ethereum[2] },
        ]);
        expect((await log.readSubject('xsd.price.BSC.XSD')).map(({ sequence }) => sequence)).toEqual([2, 4]);
        expect(await log.readSubject('xsd.price.Base.XSD')).toEqual([]);
      });

      it('when asking for sequences, then each subject answers its last one and the log its newest', async () => {
        expect(await log.subjectSequence('xsd.price.Ethereum.XSD')).toBe(5);
        expect(await log.subjectSequence('xsd.price.BSC.XSD')).toBe(4);
        expect(await log.subjectSequence('xsd.price.Base.XSD')).toBe(0);
        expect(await log.lastSequence()).toBe(5);
        expect(await log.info()).toEqual({ adapter: log.adapter, stream: log.stream, lastSequence: 5 });
      });
    });

    describe('given a durable consumer (subscribe)', () => {
      it('when it subscribes from a sequence, then it gets every event from there in ordered, consecutive batches of at most maxBatch', async () => {
        await log.appendMany(priceTicks(25));
        const consumer = recorder();

        await subscribe(log, 'ordered', 6, consumer.handler, 7);
        await waitFor(() => consumer.lastHandled() === 25, { ...WAIT, message: 'sequence 25' });
        await log.appendMany(priceTicks(5));
        await waitFor(() => consumer.lastHandled() === 30, { ...WAIT, message: 'sequence 30' });

        expect(consumer.sequences()).toEqual(range(6, 30));
        for (const batch of consumer.deliveries) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(7);
          expect(batch).toEqual(range(batch[0], batch[0] + batch.length - 1));
        }
        expect(consumer.handled.map(({ event }) => event)).toEqual((await log.read(6, 100)).map(({ event }) => event));
      });

      it('when events are appended while it listens, then they reach the handler promptly (median under 50 ms)', async () => {
        const consumer = recorder();
        await subscribe(log, 'prompt', 1, consumer.handler);
        const latencies: number[] = [];

        for (let round = 0; round < 7; round += 1) {
          const appendedAt = performance.now();
          const { sequence } = await log.append(priceTicked());
          await waitFor(() => consumer.receivedAt.has(sequence), { ...WAIT, intervalMs: 1, message: `sequence ${sequence}` });
          latencies.push((consumer.receivedAt.get(sequence) ?? Number.NaN) - appendedAt);
        }

        const median = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)];
        expect(median).toBeLessThan(50);
        expect(consumer.sequences()).toEqual(range(1, 7));
      });

      it('when the handler throws once, then the same batch is delivered again after a delay and nothing is skipped', async () => {
        await log.appendMany(priceTicks(10));
        let failed = false;
        const consumer = recorder((batch) => {
          if (!failed && batch.some(({ sequence }) => sequence === 3)) {
            failed = true;
            throw new Error('database away');
          }
        });

        await subscribe(log, 'retry-once', 1, consumer.handler, 4);
        await waitFor(() => consumer.lastHandled() === 10, { ...WAIT, message: 'sequence 10' });

        const failedAt = consumer.deliveries.findIndex((batch) => batch.includes(3));
        expect(consumer.deliveries[failedAt + 1]).toEqual(consumer.deliveries[failedAt]);
        expect(consumer.sequences()).toEqual(range(1, 10));
        expect(deadLetters).toEqual([]);
      });

      it('when the handler always fails on one event, then after the maximum deliveries that event alone is dead-lettered and delivery moves on', async () => {
        const events = priceTicks(8);
        await log.appendMany(events);
        const consumer = recorder((batch) => {
          if (batch.some(({ sequence }) => sequence === 4)) throw new Error('poison');
        });

        await subscribe(log, 'poison', 1, consumer.handler, 8);
        await waitFor(() => consumer.lastHandled() === 8, { ...WAIT, message: 'sequence 8' });
        await log.append(priceTicked());
        await waitFor(() => consumer.lastHandled() === 9, { ...WAIT, message: 'sequence 9 after the dead letter' });

        expect(deadLetters).toEqual([{ sequence: 4, id: events[3].id, consumer: 'poison', error: 'poison' }]);
        expect(consumer.sequences()).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
        const deliveriesOfPoison = consumer.deliveries.filter((batch) => batch.includes(4));
        expect(deliveriesOfPoison.length).toBeGreaterThanOrEqual(MAX_DELIVERIES);
        expect(deliveriesOfPoison.filter((batch) => batch.length === 1)).toHaveLength(MAX_DELIVERIES);
      });

      it('when it is stopped while the handler runs, then stop resolves only after the handler finished, and nothing is delivered after', async () => {
        await log.append(priceTicked());
        let started = false;
        let finished = false;
        const consumer = recorder(async () => {
          started = true;
          await new Promise((resolve) => setTimeout(resolve, 100)); // the handler's own slow work
          finished = true;
        });
        const subscription = await subscribe(log, 'stopping', 1, consumer.handler);
        await waitFor(() => started, { ...WAIT, message: 'the handler to start' });

        let finishedWhenStopResolved: boolean | null = null;
        await subscription.stop().then(() => {
          finishedWhenStopResolved = finished;
        });
        const { sequence } = await log.append(priceTicked());
        const witness = recorder();
        await subscribe(log, 'witness', sequence, witness.handler);
        await waitFor(() => witness.lastHandled() === sequence, { ...WAIT, message: 'the witness to see the new event' });

        expect(finishedWhenStopResolved).toBe(true);
        expect(consumer.deliveries).toEqual([[1]]);
      });

      it('when another consumer subscribes, then each gets every event independently', async () => {
        await log.appendMany(priceTicks(5));
        const slow = recorder();
        const fast = recorder();

        await subscribe(log, 'first', 1, slow.handler, 2);
        await subscribe(log, 'second', 3, fast.handler);
        await waitFor(() => slow.lastHandled() === 5 && fast.lastHandled() === 5, { ...WAIT, message: 'both consumers' });

        expect(slow.sequences()).toEqual(range(1, 5));
        expect(fast.sequences()).toEqual(range(3, 5));
      });
    });

    describe('given a durable consumer that acknowledged some events and stopped', () => {
      let acknowledged: number;

      beforeEach(async () => {
        await log.appendMany(priceTicks(10));
        const consumer = recorder();
        const subscription = await log.subscribe('projection_demo', { fromSequence: 1, maxBatch: 4 }, consumer.handler);
        await waitFor(() => consumer.lastHandled() === 10, { ...WAIT, message: 'sequence 10' });
        await subscription.stop();
        acknowledged = consumer.lastHandled();
        await log.appendMany(priceTicks(3)); // 11..13 arrive while nobody listens
      });

      it('when a new instance subscribes with the same name after the last acknowledged sequence, then delivery resumes there, with what came meanwhile, and nothing earlier again', async () => {
        const restarted = await reopen();
        const consumer = recorder();

        await subscribe(restarted, 'projection_demo', acknowledged + 1, consumer.handler);
        await waitFor(() => consumer.lastHandled() === 13, { ...WAIT, message: 'sequence 13' });
        await restarted.append(priceTicked());
        await waitFor(() => consumer.lastHandled() === 14, { ...WAIT, message: 'sequence 14' });

        expect(acknowledged).toBe(10);
        expect(consumer.deliveries.flat()).toEqual(range(11, 14));
      });

      it('when it subscribes from 1, then the consumer is moved and replays the whole log (a rebuild)', async () => {
        const consumer = recorder();

        await subscribe(log, 'projection_demo', 1, consumer.handler, 5);
        await waitFor(() => consumer.lastHandled() === 13, { ...WAIT, message: 'sequence 13' });

        expect(consumer.sequences()).toEqual(range(1, 13));
      });

      it('when it subscribes from a later sequence than it acknowledged, then it is moved forward there (a checkpoint that is ahead)', async () => {
        const consumer = recorder();

        await subscribe(log, 'projection_demo', 12, consumer.handler);
        await waitFor(() => consumer.lastHandled() === 13, { ...WAIT, message: 'sequence 13' });

        expect(consumer.sequences()).toEqual([12, 13]);
      });

      it('when it is deleted, then subscribing again starts where told, and deleting an unknown consumer is harmless', async () => {
        await log.deleteConsumer('projection_demo');
        await log.deleteConsumer('never_existed');
        const consumer = recorder();

        await subscribe(log, 'projection_demo', 1, consumer.handler, 100);
        await waitFor(() => consumer.lastHandled() === 13, { ...WAIT, message: 'sequence 13' });

        expect(consumer.sequences()).toEqual(range(1, 13));
      });
    });

    describe('given an ephemeral follower (a per-process consumer)', () => {
      it('when it follows from a sequence, then it gets what is there and what comes, in order; once stopped, nothing of its position is kept', async () => {
        await log.appendMany(priceTicks(5));
        const first = recorder();
        const follower = await log.subscribe('live_demo', { fromSequence: 3, maxBatch: 2, ephemeral: true }, first.handler);
        subscriptions.push(follower);
        await log.append(priceTicked());
        await waitFor(() => first.lastHandled() === 6, { ...WAIT, message: 'sequence 6' });
        await follower.stop();

        // Resuming is not a thing for a follower: a new one with the same name starts where told.
        const second = recorder();
        subscriptions.push(await log.subscribe('live_demo', { fromSequence: 2, ephemeral: true }, second.handler));
        await waitFor(() => second.lastHandled() === 6, { ...WAIT, message: 'sequence 6 again' });

        expect(first.sequences()).toEqual(range(3, 6));
        expect(first.deliveries.every((batch) => batch.length <= 2)).toBe(true);
        expect(second.sequences()).toEqual(range(2, 6));
      });
    });

    describe('given a consumer whose handler failed before it was stopped', () => {
      it('when a new instance resumes after the last acknowledged sequence, then the failed batch is delivered again, never skipped', async () => {
        await log.appendMany(priceTicks(6));
        const failing = recorder((batch) => {
          if (batch.some(({ sequence }) => sequence >= 4)) throw new Error('read model unavailable');
        });
        const subscription = await log.subscribe('projection_flaky', { fromSequence: 1, maxBatch: 3 }, failing.handler);
        await waitFor(() => failing.deliveries.filter((batch) => batch.includes(4)).length >= 2, {
          ...WAIT,
          message: 'a redelivery of the failing batch',
        });
        await subscription.stop();

        const restarted = await reopen();
        const consumer = recorder();
        await subscribe(restarted, 'projection_flaky', failing.lastHandled() + 1, consumer.handler, 3);
        await waitFor(() => consumer.lastHandled() === 6, { ...WAIT, message: 'sequence 6' });

        // Batches form as events arrive, so the failing one starts somewhere in 2..4; it holds 4.
        expect(failing.sequences()).toEqual(range(1, failing.lastHandled()));
        expect(failing.lastHandled()).toBeLessThan(4);
        expect(consumer.sequences()).toEqual(range(failing.lastHandled() + 1, 6));
        expect(deadLetters).toEqual([]);
      });
    });
  });
}
