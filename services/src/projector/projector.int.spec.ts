import { createEvent, InvalidEventError } from '@xsd/contracts';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceHistoryProjection } from '../read-models/price-history/price-history.projection.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { priceTicks } from '../testing/price-ticks.js';
import { tableChecksum } from '../testing/table-checksum.js';
import { waitFor } from '../testing/wait-for.js';
import { defineProjection } from './projection.js';
import { LOCK_CHECK_MS, LOCK_CLASS, PROJECTOR_ROLE, startWhenLeading } from './projector-leadership.js';
import { ReadModelTimeoutError } from '../core/projection-progress.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';

const system = { kind: 'system', id: 'test' } as const;
const staff = { kind: 'staff', id: '0190a000-0000-7000-8000-000000000001' } as const;
const at = (iso: string) => ({ actor: system, now: new Date(iso) });

async function caughtUp(pipeline: Pipeline, names = ALL_PROJECTIONS.map((p) => p.name)): Promise<void> {
  const last = await pipeline.log.lastSequence();
  await Promise.all(names.map((name) => pipeline.progress.waitFor(name, last, 30_000)));
}

/** The checkpoint row as stored (what another process polling it sees). */
async function storedCheckpoint(pipeline: Pipeline, name: string): Promise<number> {
  return new CheckpointsRepository({ db: pipeline.db }).get(name);
}

async function count(pipeline: Pipeline, table: 'price_history' | 'silver_prices' | 'site_settings' | 'price_candles') {
  const row = await pipeline.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each<PipelineKind>(['embedded', 'jetstream'])('Projector on the %s pipeline', (kind) => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  describe('given ticks, a silver reading and maintenance changes', () => {
    beforeEach(async () => {
      await pipeline.log.appendMany(priceTicks(140));
      await pipeline.log.append(
        createEvent('silver.ticked', { pricePerGram: 1.0123, pricePerOunce: 31.486, observedAt: '2026-01-01T00:00:01.000Z' }, at('2026-01-01T00:00:01.000Z')),
      );
      await pipeline.log.append(
        createEvent('maintenance.started', { title: 'Upgrade', message: 'Back at noon', expectedUpTime: '2026-01-01T12:00:00.000Z' }, { actor: staff, now: new Date('2026-01-01T10:00:00.000Z') }),
      );
      await pipeline.log.append(createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now: new Date('2026-01-01T11:00:00.000Z') }));
    });

    it('when the projector runs, then every read model holds exactly what the events say', async () => {
      await pipeline.projector().start();
      await caughtUp(pipeline);

      expect(await count(pipeline, 'price_history')).toBe(140);
      const first = await pipeline.db
        .selectFrom('price_history')
        .selectAll()
        .where('chain_name', '=', 'Ethereum')
        .where('token_name', '=', 'XSD')
        .orderBy('timestamp')
        .executeTakeFirstOrThrow();
      expect(first.price).toBe(1.05);
      expect(first.timestamp).toEqual(new Date('2026-01-01T00:00:00.000Z'));

      const silver = await pipeline.db.selectFrom('silver_prices').selectAll().execute();
      expect(silver).toHaveLength(1);
      expect(silver[0]).toMatchObject({ price_per_gram: 1.0123, source: 'blockchain' });

      // 140 ticks over 7 chains x 2 tokens = 10 ticks per pair, all inside one 5-minute bucket.
      const candle = await pipeline.db
        .selectFrom('price_candles')
        .selectAll()
        .where('chain_name', '=', 'Base')
        .where('token_name', '=', 'BankX')
        .where('bucket', '=', '5m')
        .executeTakeFirstOrThrow();
      const baseBankx = priceTicks(140)
        .filter((e) => e.type === 'price.ticked' && e.data.chain === 'Base' && e.data.token === 'BankX')
        .map((e) => (e.type === 'price.ticked' ? e.data.price : 0));
      expect(candle).toMatchObject({
        samples: baseBankx.length,
        open: baseBankx[0],
        close: baseBankx[baseBankx.length - 1],
        high: Math.max(...baseBankx),
        low: Math.min(...baseBankx),
      });

      const settings = await pipeline.db.selectFrom('site_settings').selectAll().orderBy('created_at', 'desc').execute();
      expect(settings).toHaveLength(2);
      expect(settings[0]).toMatchObject({
        maintenance_mode: false,
        maintenance_title: 'Upgrade',
        maintenance_message: null,
        expected_up_time: null,
        updated_by: staff.id,
      });
      expect(settings[1]).toMatchObject({ maintenance_mode: true, maintenance_message: 'Back at noon' });
    });

    it('when a projection is rebuilt from sequence 1, then its rows are identical', async () => {
      const projector = pipeline.projector();
      await projector.start();
      await caughtUp(pipeline);
      const tables = ['price_history', 'price_candles', 'silver_prices', 'site_settings'];
      const before = await Promise.all(tables.map((table) => tableChecksum(pipeline.db, table)));

      for (const name of projector.names) await projector.rebuild(name);

      const after = await Promise.all(tables.map((table) => tableChecksum(pipeline.db, table)));
      expect(after).toEqual(before);
      expect(before[0].rows).toBe(140);
    });
  });

  it('given a batch that fails after writing its rows, then it is delivered again and the rows appear once', async () => {
    let failures = 0;
    const flaky = defineProjection({
      ...priceHistoryProjection,
      handles: ['price.ticked'],
      async apply(trx, events) {
        await priceHistoryProjection.apply(trx, events);
        if (failures === 0) {
          failures += 1;
          throw new Error('lost the connection mid-batch');
        }
      },
    });
    await pipeline.log.appendMany(priceTicks(50));
    await pipeline.projector([flaky]).start();
    await caughtUp(pipeline, ['price_history']);

    expect(failures).toBe(1);
    expect(await count(pipeline, 'price_history')).toBe(50);
  });

  it('given two projector replicas, then one leads, the other stands by, and takes over when the leader stops', async () => {
    await pipeline.log.appendMany(priceTicks(300));
    const first = pipeline.projector([priceHistoryProjection], { maxBatch: 50 });
    const second = pipeline.projector([priceHistoryProjection], { maxBatch: 50 });
    await first.start();
    const secondStarted = second.start();
    await caughtUp(pipeline, ['price_history']);
    expect(await count(pipeline, 'price_history')).toBe(300);
    expect((await second.status())[0].running).toBe(false);

    await first.stop();
    await secondStarted;
    await pipeline.log.appendMany(priceTicks(300, Date.parse('2026-02-01T00:00:00.000Z')));
    await caughtUp(pipeline, ['price_history']);

    expect(await count(pipeline, 'price_history')).toBe(600);
    expect((await second.status())[0].running).toBe(true);
  });

  it('given an event a projection can never apply, then it is dead-lettered and the projection moves on', async () => {
    const events = priceTicks(20);
    const poison = events[7];
    const picky = defineProjection({
      ...priceHistoryProjection,
      handles: ['price.ticked'],
      async apply(trx, batch) {
        if (batch.some((stored) => stored.event.id === poison.id)) throw new Error('cannot apply this one');
        await priceHistoryProjection.apply(trx, batch);
      },
    });
    await pipeline.log.appendMany(events);
    await pipeline.projector([picky]).start();
    await caughtUp(pipeline, ['price_history']);

    expect(await count(pipeline, 'price_history')).toBe(19);
    const letters = await pipeline.db.selectFrom('dead_letters').selectAll().execute();
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ consumer: 'projection_price_history', event_id: poison.id, sequence: 8 });
    expect(letters[0].error).toContain('cannot apply this one');
    expect((await pipeline.metrics.projectionDeadLetters.get()).values).toEqual([{ value: 1, labels: { projection: 'price_history' } }]);
  });

  it('given events a projection does not apply, then its checkpoint moves at once in memory and reaches the row within the flush time, or at stop', async () => {
    const ticks = priceTicks(14);
    await pipeline.log.appendMany(ticks);
    const projector = pipeline.projector([priceHistoryProjection]);
    await projector.start();
    await caughtUp(pipeline, ['price_history']);
    const rowsAt = pipeline.progress.version('price_history');

    // Staff switching maintenance on and off: nothing price_history applies.
    for (let n = 0; n < 5; n++) {
      await pipeline.log.append(createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now: new Date() }));
    }
    const head = await pipeline.log.lastSequence();
    await pipeline.progress.waitFor('price_history', head, 5_000);
    expect(pipeline.progress.version('price_history')).toBe(rowsAt); // the in-memory answers stay
    expect((await projector.status())[0]).toMatchObject({ checkpoint: head, lag: 0 });
    await waitFor(async () => (await storedCheckpoint(pipeline, 'price_history')) === head, { timeoutMs: 2_000, message: 'the checkpoint row' });

    await pipeline.log.append(createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now: new Date() }));
    await pipeline.progress.waitFor('price_history', head + 1, 5_000);
    await projector.stop();
    expect(await storedCheckpoint(pipeline, 'price_history')).toBe(head + 1);
    expect(await count(pipeline, 'price_history')).toBe(14);
  });

  it('given an event it cannot apply right after events it skips, then it is dead-lettered and the projection moves on', async () => {
    const ticks = priceTicks(14);
    const poison = ticks[0];
    const picky = defineProjection({
      ...priceHistoryProjection,
      async apply(trx, batch) {
        if (batch.some((stored) => stored.event.id === poison.id)) throw new Error('cannot apply this one');
        await priceHistoryProjection.apply(trx, batch);
      },
    });
    const maintenance = Array.from({ length: 3 }, () => createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now: new Date() }));
    await pipeline.log.appendMany([...maintenance, ...ticks]);
    // Checkpoints of skipped events stay unwritten while the poison is retried and recorded.
    await pipeline.projector([picky], { checkpointFlushMs: 60_000 }).start();
    await caughtUp(pipeline, ['price_history']);

    expect(await count(pipeline, 'price_history')).toBe(13);
    const letters = await pipeline.db.selectFrom('dead_letters').select(['sequence', 'event_id']).execute();
    expect(letters).toEqual([{ sequence: 4, event_id: poison.id }]);
  });

  describe('read-your-writes', () => {
    it('given a running projector, when a command waits for its sequence, then its row is there as soon as the wait ends', async () => {
      await pipeline.projector().start();
      const { sequence } = await pipeline.log.append(
        createEvent('maintenance.started', { title: null, message: 'Now', expectedUpTime: null }, { actor: staff, now: new Date() }),
      );

      await pipeline.progress.waitFor('site_settings', sequence, 5_000);

      const newest = await pipeline.db.selectFrom('site_settings').selectAll().orderBy('created_at', 'desc').executeTakeFirst();
      expect(newest?.maintenance_message).toBe('Now');
    });

    it('given the projector runs in this process, then a wait reads no checkpoint row (it is told of each step); once it stops, the wait reads the row again', async () => {
      const projector = pipeline.projector();
      await projector.start();
      const rowReads = vi.spyOn(CheckpointsRepository.prototype, 'get');
      try {
        const { sequence } = await pipeline.log.append(createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now: new Date() }));
        await pipeline.progress.waitFor('site_settings', sequence, 5_000);
        // A wait for an event that never comes runs to its limit, the row unread (it polled every 20 ms).
        await expect(pipeline.progress.waitFor('site_settings', sequence + 1, 200)).rejects.toBeInstanceOf(ReadModelTimeoutError);
        expect(rowReads).not.toHaveBeenCalled();

        await projector.stop();
        await expect(pipeline.progress.waitFor('site_settings', sequence + 1, 200)).rejects.toBeInstanceOf(ReadModelTimeoutError);
        expect(rowReads.mock.calls.length).toBeGreaterThan(1);
        expect(rowReads.mock.calls.every(([name]) => name === 'site_settings')).toBe(true);
      } finally {
        rowReads.mockRestore();
      }
    });

    it('given no projector, when a command waits, then it fails after the bounded wait with a clear error', async () => {
      const { sequence } = await pipeline.log.append(createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now: new Date() }));
      const started = Date.now();

      const waiting = pipeline.progress.waitFor('site_settings', sequence, 300);

      await expect(waiting).rejects.toBeInstanceOf(ReadModelTimeoutError);
      await expect(waiting).rejects.toThrow(/was saved .* did not show it within 300 ms/);
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  it('given an event that breaks its schema, then the append is refused and no read model sees it', async () => {
    await pipeline.projector().start();
    const good = priceTicks(1)[0];
    const bad = { ...good, data: { ...good.data, price: -3 } } as typeof good;

    await expect(pipeline.log.append(bad)).rejects.toBeInstanceOf(InvalidEventError);
    await pipeline.log.append(good);
    await caughtUp(pipeline);

    expect(await pipeline.log.lastSequence()).toBe(1);
    const prices = await pipeline.db.selectFrom('price_history').select('price').execute();
    expect(prices).toEqual([{ price: good.type === 'price.ticked' ? good.data.price : null }]);
    await waitFor(async () => (await count(pipeline, 'price_history')) === 1);
  });
});

// Only PostgreSQL elects a leader (a lock held by a session); PGlite serves one process.
describe('Projector leadership on PostgreSQL (the jetstream pipeline)', () => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await openPipeline('jetstream');
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it(
    "given the session holding the leader's lock ends under it, then the leader stands down within the check time, the standby leads alone, and no event is lost",
    async () => {
      await pipeline.log.appendMany(priceTicks(300));
      const first = pipeline.projector([priceHistoryProjection], { maxBatch: 50 });
      const second = pipeline.projector([priceHistoryProjection], { maxBatch: 50 });
      const said: string[] = [];
      const logger = { error: (message: string) => said.push(message) };
      const leading: string[] = [];
      const lost: string[] = [];
      startWhenLeading(first, { logger, onLeading: () => leading.push('first'), onLost: () => lost.push('first') });
      await waitFor(() => leading.includes('first'), { timeoutMs: 10_000, message: 'the first replica to lead' });
      startWhenLeading(second, { logger, onLeading: () => leading.push('second'), onLost: () => lost.push('second') });
      await caughtUp(pipeline, ['price_history']);
      expect((await second.status())[0].running).toBe(false);

      // What a restarted server or a cut connection does to the leader's lock session. pg_locks
      // shows every database's locks: only this test's database is touched (files run side by side).
      const { rows } = await sql<{ ended: boolean }>`
        select pg_terminate_backend(pid) as ended from pg_locks
        where locktype = 'advisory' and classid = ${LOCK_CLASS} and objid = ${PROJECTOR_ROLE.lockId} and objsubid = 2 and granted
          and database = (select oid from pg_database where datname = current_database())`.execute(pipeline.db);
      expect(rows).toEqual([{ ended: true }]);
      const cut = Date.now();
      await waitFor(() => leading.includes('second'), { timeoutMs: 10_000, message: 'the standby to lead' });
      await waitFor(async () => !(await first.status())[0].running, { timeoutMs: LOCK_CHECK_MS + 5_000, message: 'the old leader to stand down' });
      expect(Date.now() - cut).toBeLessThan(LOCK_CHECK_MS + 5_000);
      expect(lost).toEqual(['first']);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^lost the lead \(.+\): stopping, to stand by until it can lead again$/);

      await pipeline.log.appendMany(priceTicks(300, Date.parse('2026-02-01T00:00:00.000Z')));
      await caughtUp(pipeline, ['price_history']);
      expect(await count(pipeline, 'price_history')).toBe(600);
      expect((await second.status())[0].running).toBe(true);
      // The old leader stands by: it leads again only once the second is gone.
      expect((await first.status())[0].running).toBe(false);
      expect(leading).toEqual(['first', 'second']);
      await second.stop();
      await waitFor(() => leading.length === 3, { timeoutMs: 10_000, message: 'the old leader to lead again' });
      expect(leading).toEqual(['first', 'second', 'first']);
      await first.stop();
    },
  );
});
