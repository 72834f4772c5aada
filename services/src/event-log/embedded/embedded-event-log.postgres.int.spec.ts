import { type AnyEvent, createEvent } from '@xsd/contracts';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../database/database.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { ConcurrencyError } from '../event-log.js';
import { describeEventLogConformance } from '../testing/event-log-conformance.js';
import { EmbeddedEventLog } from './embedded-event-log.js';

describeEventLogConformance('Embedded (PostgreSQL)', async (delivery) => {
  const database = await createTestDatabase();
  const opened: DatabaseHandle[] = [];
  return {
    log: new EmbeddedEventLog(database.handle.db, delivery),
    reopen: async () => {
      // Another process's view: its own pool on the same database.
      const handle = await openDatabase({ url: database.url, poolSize: 5 });
      opened.push(handle);
      return new EmbeddedEventLog(handle.db, delivery);
    },
    cleanup: async () => {
      await Promise.all(opened.map((handle) => handle.close()));
      await database.drop();
    },
  };
});

describe('Embedded event log on PostgreSQL: several processes on one database', () => {
  let database: TestDatabase;
  let others: DatabaseHandle[];

  beforeEach(async () => {
    database = await createTestDatabase();
    others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: database.url, poolSize: 4 })));
  });

  afterEach(async () => {
    await Promise.all(others.map((handle) => handle.close()));
    await database.drop();
  });

  let clock = Date.parse('2025-06-01T00:00:00.000Z');
  function tick(chain: 'Ethereum' | 'BSC'): AnyEvent {
    const now = new Date((clock += 1_000));
    return createEvent('price.ticked', { chain, token: 'BankX', price: 2, observedAt: now.toISOString() }, {
      actor: { kind: 'system', id: 'test' },
      now,
    });
  }

  it('given four pools appending at once, then sequences are gap-free and unique, and one concurrent expectation wins', async () => {
    const logs = [database.handle, ...others].map((handle) => new EmbeddedEventLog(handle.db, { pollIntervalMs: 20 }));

    const appended = await Promise.all(
      logs.flatMap((log) => [
        ...Array.from({ length: 25 }, () => log.append(tick('Ethereum'))),
        log.appendMany(Array.from({ length: 50 }, () => tick('Ethereum'))),
      ]),
    );
    const racing = await Promise.allSettled(logs.map((log) => log.append(tick('BSC'), { expectedSubjectSequence: 0 })));

    const sequences = appended.flat().map((result) => (Array.isArray(result) ? result.map((r) => r.sequence) : result.sequence)).flat();
    expect(new Set(sequences).size).toBe(300);
    expect([...sequences].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, index) => index + 1));
    expect(racing.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of racing.filter((o) => o.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    }
    expect(await logs[0].lastSequence()).toBe(301);
  });

  it('given appends that come while one is written, then they are written together in one transaction, each answered as if one after another', async () => {
    const reads = { log: 0, head: 0 };
    const log = new EmbeddedEventLog(database.handle.db.withPlugin(countingReads(reads)));
    expect(await log.append(tick('BSC'))).toEqual({ sequence: 1, duplicate: false });
    const locksBefore = reads.head;
    const first = tick('Ethereum');

    const outcomes = await Promise.allSettled([
      // The log is idle: this one's transaction starts at once, alone.
      log.append(first),
      // These come while it is written: the next transaction, all together, in this order.
      ...Array.from({ length: 20 }, () => log.append(tick('Ethereum'))),
      log.append(first),
      log.append(tick('BSC'), { expectedSubjectSequence: 1 }),
      log.append(tick('BSC'), { expectedSubjectSequence: 1 }),
    ]);

    // Each transaction of appends reads the head once, under its lock.
    expect(reads.head - locksBefore).toBe(2);
    const answers = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : outcome.reason));
    expect(answers.slice(0, 21)).toEqual(Array.from({ length: 21 }, (_, index) => ({ sequence: index + 2, duplicate: false })));
    expect(answers[21]).toEqual({ sequence: 2, duplicate: true });
    expect(answers[22]).toEqual({ sequence: 23, duplicate: false });
    // The one before it in the group moved the subject to 23: refused alone, as it would be after it.
    expect(answers[23]).toBeInstanceOf(ConcurrencyError);
    expect(await log.lastSequence()).toBe(23);
    expect((await log.read(1, 100)).map(({ sequence }) => sequence)).toEqual(Array.from({ length: 23 }, (_, index) => index + 1));
  });

  it('given a follower (ephemeral) in one process, when that process goes away without stopping it, then no consumer row is left', async () => {
    const api = await openDatabase({ url: database.url, poolSize: 2 });
    const quiet = { error: () => undefined, warn: () => undefined };
    const follower = new EmbeddedEventLog(api.db, { pollIntervalMs: 20, logger: quiet });
    const writer = new EmbeddedEventLog(database.handle.db);
    const received: number[] = [];
    await follower.subscribe('live_somehost_1234', { fromSequence: 1, ephemeral: true }, async (batch) => {
      received.push(...batch.map(({ sequence }) => sequence));
    });
    const { sequence } = await writer.append(tick('Ethereum'));
    const { waitFor } = await import('../../testing/wait-for.js');
    await waitFor(() => received.includes(sequence), { timeoutMs: 5_000, intervalMs: 5, message: 'the follower to get the event' });

    // The process dies: its connections go, the subscription is never stopped.
    await api.close();

    const rows = await database.handle.db.selectFrom('event_log_consumers').select('name').execute();
    await follower.close(); // ends its loop, which now retries on a closed pool
    expect(rows).toEqual([]);
  });

  it('given a consumer in one process, when another process appends, then the poll delivers it', async () => {
    const reader = new EmbeddedEventLog(database.handle.db, { pollIntervalMs: 20 });
    const writer = new EmbeddedEventLog(others[0].db);
    const received: number[] = [];
    const subscription = await reader.subscribe('cross_process', { fromSequence: 1 }, async (batch) => {
      received.push(...batch.map(({ sequence }) => sequence));
    });
    try {
      const { sequence } = await writer.append(tick('Ethereum'));
      const { waitFor } = await import('../../testing/wait-for.js');
      await waitFor(() => received.includes(sequence), { timeoutMs: 5_000, intervalMs: 5, message: 'the other process event' });
      expect(received).toEqual([1]);
    } finally {
      await subscription.stop();
    }
  });

  it('given idle consumers, then they read the log only once it grows: one read of its head a poll serves them all', async () => {
    const reads = { log: 0, head: 0 };
    const reader = new EmbeddedEventLog(database.handle.db.withPlugin(countingReads(reads)), { pollIntervalMs: 20 });
    const writer = new EmbeddedEventLog(others[0].db);
    const received = new Map<string, number[]>();
    const names = ['idle_a', 'idle_b', 'idle_c', 'idle_d', 'idle_e'];
    const subscriptions = await Promise.all(
      names.map((name) =>
        reader.subscribe(name, { fromSequence: 1 }, async (batch) => {
          received.set(name, [...(received.get(name) ?? []), ...batch.map(({ sequence }) => sequence)]);
        }),
      ),
    );
    const { waitFor } = await import('../../testing/wait-for.js');
    try {
      // Each consumer's first read finds nothing; then 500 ms of quiet, 25 polls.
      await waitFor(() => reads.log >= names.length, { timeoutMs: 5_000, intervalMs: 5, message: 'the first reads' });
      const before = { ...reads };
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reads.log - before.log).toBe(0);
      expect(reads.head - before.head).toBeGreaterThanOrEqual(5);

      const { sequence } = await writer.append(tick('Ethereum'));
      await waitFor(() => names.every((name) => received.get(name)?.includes(sequence)), {
        timeoutMs: 5_000,
        intervalMs: 5,
        message: 'every consumer to get the other process event',
      });
      expect(names.map((name) => received.get(name))).toEqual(names.map(() => [sequence]));
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    }
  });

  it('given consumers woken by appends, then each reads the log once an append, never again only to find it empty', async () => {
    const reads = { log: 0, head: 0 };
    const log = new EmbeddedEventLog(database.handle.db.withPlugin(countingReads(reads)));
    const received = new Map<string, number[]>();
    const names = ['woken_a', 'woken_b', 'woken_c'];
    const subscriptions = await Promise.all(
      names.map((name) =>
        log.subscribe(name, { fromSequence: 1 }, async (batch) => {
          received.set(name, [...(received.get(name) ?? []), ...batch.map(({ sequence }) => sequence)]);
        }),
      ),
    );
    const { waitFor } = await import('../../testing/wait-for.js');
    const APPENDS = 10;
    try {
      await waitFor(() => reads.log >= names.length, { timeoutMs: 5_000, intervalMs: 5, message: 'the first reads' });
      const before = reads.log;
      for (let n = 0; n < APPENDS; n += 1) {
        const { sequence } = await log.append(tick('Ethereum'));
        await waitFor(() => names.every((name) => received.get(name)?.includes(sequence)), { timeoutMs: 5_000, intervalMs: 5, message: `every consumer to get ${sequence}` });
      }
      // Time for a read after the last delivery (the old loop's second, empty one) to show.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reads.log - before).toBe(names.length * APPENDS);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    }
  });
});

/**
 * A plugin counting into `reads` the reads of events from the log (`event_log`, in order: not an
 * append's check of its id) and the reads of its head (`event_log_head`).
 */
function countingReads(reads: { log: number; head: number }): KyselyPlugin {
  const tableOf = (node: RootOperationNode): string | undefined =>
    node.kind === 'SelectQueryNode' && node.from?.froms[0]?.kind === 'TableNode' ? node.from.froms[0].table.identifier.name : undefined;
  return {
    transformQuery: ({ node }) => {
      const table = tableOf(node);
      if (table === 'event_log' && node.kind === 'SelectQueryNode' && node.orderBy !== undefined) reads.log += 1;
      if (table === 'event_log_head') reads.head += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}
