import { createEvent, type AnyEvent, type ChainName, type TokenName } from '@xsd/contracts';
import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiTestApp } from '../testing/api-test-app.js';
import { SilverRollupSeries } from '../silver/silver-rollup-series.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { tableChecksum } from '../testing/table-checksum.js';
import { priceCandlesProjection } from './price-candles/price-candles.projection.js';
import { priceHistoryProjectionFor } from './price-history/price-history.projection.js';
import { pruneLimit } from './retention.js';
import { silverPricesProjectionFor } from './silver-prices/silver-prices.projection.js';
import { SilverPricesRepository } from './silver-prices/silver-prices.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SYSTEM = { kind: 'system', id: 'test' } as const;
const iso = (ms: number) => new Date(ms).toISOString();
/** Long before the machine's clock: a prune counted from the wall clock would leave nothing. */
const T0 = Date.UTC(2025, 0, 1);

const priceTick = (chain: ChainName, token: TokenName, price: number, at: number): AnyEvent =>
  createEvent('price.ticked', { chain, token, price, observedAt: iso(at) }, { actor: SYSTEM, now: new Date(at) });
const silverTick = (pricePerGram: number, at: number, occurredAt = at): AnyEvent =>
  createEvent('silver.ticked', { pricePerGram, pricePerOunce: pricePerGram * 31.1034768, observedAt: iso(at) }, { actor: SYSTEM, now: new Date(occurredAt) });

const PRICE_TABLES = ['price_history', 'price_candles', 'silver_prices', 'silver_rollups'] as const;

async function times(pipeline: Pipeline, query: ReturnType<typeof sql<{ at: Date }>>): Promise<number[]> {
  const { rows } = await query.execute(pipeline.db);
  return rows.map((r) => new Date(r.at).getTime());
}

describe.each<PipelineKind>(['embedded', 'jetstream'])('price retention and rollups on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  const retention = { rawPriceDays: 2 };
  const projections = () => [priceHistoryProjectionFor(retention), priceCandlesProjection, silverPricesProjectionFor(retention)];

  const caughtUp = async () => {
    const last = await pipeline.log.lastSequence();
    await Promise.all(projections().map(({ name }) => pipeline.progress.waitFor(name, last, 30_000)));
  };

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  describe('given readings every 6 hours for 3 days, and one 400 days before', () => {
    const steps = Array.from({ length: 13 }, (_, k) => T0 + k * 6 * HOUR);
    const newest = steps[steps.length - 1];
    const events = (): AnyEvent[] => [
      priceTick('Ethereum', 'XSD', 1.01, T0 - 400 * DAY),
      silverTick(0.9, T0 - 400 * DAY),
      ...steps.flatMap((at, k) => [
        priceTick('Ethereum', 'XSD', 1 + k / 1000, at),
        priceTick('Base', 'BankX', 0.4 + k / 1000, at + MINUTE),
        silverTick(1 + k / 100, at),
      ]),
    ];

    it('when projected in small batches, then each table keeps what its retention says, counted from the newest event', async () => {
      const all = events();
      const projector = pipeline.projector(projections(), { maxBatch: 4 });
      await projector.start();
      // Appended in parts, so pruning runs batch after batch as the events arrive.
      for (let i = 0; i < all.length; i += 10) await pipeline.log.appendMany(all.slice(i, i + 10));
      await caughtUp();

      // Raw readings: the last 2 days before the newest reading of the table. For silver that is
      // T0 + 72 h; for token prices BankX's a minute later, which also expires XSD's at T0 + 24 h.
      expect(await times(pipeline, sql`select timestamp as at from silver_prices order by 1`)).toEqual(steps.filter((at) => at >= newest - 2 * DAY));
      expect(await times(pipeline, sql`select timestamp as at from price_history where token_name = 'XSD' order by 1`)).toEqual(
        steps.filter((at) => at >= newest + MINUTE - 2 * DAY),
      );
      expect(await times(pipeline, sql`select timestamp as at from price_history where token_name = 'BankX' order by 1`)).toEqual(
        steps.map((at) => at + MINUTE).filter((at) => at >= newest + MINUTE - 2 * DAY),
      );

      // 5-minute candles: those ending within the day before the newest 5-minute candle.
      const fiveMinute = await times(pipeline, sql`select bucket_start as at from price_candles where bucket = '5m' and token_name = 'XSD' order by 1`);
      expect(fiveMinute).toEqual(steps.filter((at) => at + 5 * MINUTE > newest - DAY));
      // Hourly: a year, so the one 400 days old is gone; daily: forever.
      expect(await times(pipeline, sql`select bucket_start as at from price_candles where bucket = '1h' and token_name = 'XSD' order by 1`)).toEqual(steps);
      const days = [T0 - 400 * DAY, T0, T0 + DAY, T0 + 2 * DAY, T0 + 3 * DAY];
      expect(await times(pipeline, sql`select bucket_start as at from price_candles where bucket = '1d' and token_name = 'XSD' order by 1`)).toEqual(days);
      expect(await times(pipeline, sql`select bucket_start as at from silver_rollups where bucket = '1h' order by 1`)).toEqual(steps);
      expect(await times(pipeline, sql`select bucket_start as at from silver_rollups where bucket = '1d' order by 1`)).toEqual(days);
      const oldDay = await pipeline.db.selectFrom('silver_rollups').selectAll().where('bucket_start', '=', new Date(T0 - 400 * DAY)).executeTakeFirstOrThrow();
      expect(oldDay).toMatchObject({ bucket: '1d', open: 0.9, close: 0.9, samples: 1 });
    });

    it('when the projections are rebuilt from sequence 1 in large batches, then every table equals the live one', async () => {
      const all = events();
      const live = pipeline.projector(projections(), { maxBatch: 3 });
      await live.start();
      for (let i = 0; i < all.length; i += 7) await pipeline.log.appendMany(all.slice(i, i + 7));
      await caughtUp();
      const before = await Promise.all(PRICE_TABLES.map((table) => tableChecksum(pipeline.db, table)));
      await live.stop();

      const rebuilder = pipeline.projector(projections(), { maxBatch: 1_000 });
      for (const name of rebuilder.names) await rebuilder.rebuild(name);

      const after = await Promise.all(PRICE_TABLES.map((table) => tableChecksum(pipeline.db, table)));
      expect(after).toEqual(before);
      // Retention did remove rows: 8 of 14 XSD and 9 of 13 BankX readings are kept.
      expect(before[0].rows).toBe(17);
    });
  });

  it('given a backlog past retention, then each batch deletes a bounded number of rows until it is worked off', async () => {
    const old = Array.from({ length: 2_500 }, (_, i) => priceTick('Polygon', 'XSD', 1, T0 + i * 1_000));
    const projector = pipeline.projector(projections(), { maxBatch: 500 });
    await projector.start();
    await pipeline.log.appendMany(old);
    await caughtUp();
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from price_history`.execute(pipeline.db)).rows[0].n);
    expect(await count()).toBe(2_500);

    // One reading 10 days later expires all 2,500, but one batch removes at most pruneLimit(1).
    await pipeline.log.append(priceTick('Polygon', 'XSD', 1.1, T0 + 10 * DAY));
    await caughtUp();
    expect(await count()).toBe(2_501 - pruneLimit(1));
    await pipeline.log.append(priceTick('Polygon', 'XSD', 1.2, T0 + 10 * DAY + 1_000));
    await caughtUp();
    expect(await count()).toBe(2_502 - 2 * pruneLimit(1));
    await pipeline.log.append(priceTick('Polygon', 'XSD', 1.3, T0 + 10 * DAY + 2_000));
    await caughtUp();
    expect(await count()).toBe(3);
  });

  it('given silver readings in and out of order, then the hourly and daily rollups agree with the raw rows', async () => {
    const readings = [
      silverTick(1.0, T0 + 5 * MINUTE),
      silverTick(1.3, T0 + 20 * MINUTE),
      silverTick(0.8, T0 + 40 * MINUTE),
      // Read at 00:50 but delivered after the 00:55 reading: the hour still closes on 00:55's price.
      silverTick(1.1, T0 + 55 * MINUTE),
      silverTick(1.2, T0 + 50 * MINUTE, T0 + 56 * MINUTE),
      silverTick(1.05, T0 + HOUR + 59_000),
      ...Array.from({ length: 30 }, (_, i) => silverTick(1 + Math.sin(i) / 10, T0 + 2 * HOUR + i * 7 * MINUTE)),
      silverTick(0.95, T0 + DAY + 3 * HOUR),
    ];
    const projector = pipeline.projector(projections(), { maxBatch: 5 });
    await projector.start();
    await pipeline.log.appendMany(readings);
    await caughtUp();

    // The hourly and daily rollups against the same aggregates computed from every raw row.
    for (const unit of ['hour', 'day'] as const) {
      const { rows: fromRaw } = await sql<Record<string, unknown>>`
        select date_trunc(${unit}, timestamp, 'UTC') as bucket_start, max(price_per_gram) as high, min(price_per_gram) as low,
          (array_agg(price_per_gram order by timestamp desc))[1] as close, max(timestamp) as close_at, count(*)::int as samples
        from silver_prices group by 1 order by 1`.execute(pipeline.db);
      const rollups = await pipeline.db
        .selectFrom('silver_rollups')
        .select(['bucket_start', 'high', 'low', 'close', 'close_at', 'samples'])
        .where('bucket', '=', unit === 'hour' ? '1h' : '1d')
        .orderBy('bucket_start')
        .execute();
      expect(rollups).toEqual(fromRaw);
    }
    const first = await pipeline.db.selectFrom('silver_rollups').select(['open', 'close', 'samples']).where('bucket', '=', '1h').orderBy('bucket_start').executeTakeFirstOrThrow();
    expect(first).toEqual({ open: 1.0, close: 1.1, samples: 5 });

    // The long-window reads (held in step with the table): the raw rows' newest reading of each hour
    // and of each day, for any start, at the reading's time or at the bucket's start; the newest of all.
    const silver = new SilverRollupSeries(new SilverPricesRepository({ db: pipeline.db }), pipeline.progress);
    const ms = (at: Date) => at.getTime();
    for (const [unit, bucket] of [['hour', '1h'], ['day', '1d']] as const) {
      for (const from of [T0, T0 + 50 * MINUTE, T0 + 56 * MINUTE, T0 + 3 * HOUR + 1, T0 + DAY + HOUR]) {
        const { rows: reference } = await sql<{ price: number; timestamp: Date; start: Date }>`
          select price, timestamp, start from (
            select distinct on (date_trunc(${sql.lit(unit)}, timestamp, 'UTC')) price_per_gram as price, timestamp, date_trunc(${sql.lit(unit)}, timestamp, 'UTC') as start
            from silver_prices where timestamp >= ${iso(from)}::timestamptz
            order by date_trunc(${sql.lit(unit)}, timestamp, 'UTC'), timestamp desc
          ) closes order by timestamp`.execute(pipeline.db);
        const label = `${unit} from ${iso(from)}`;
        expect(await silver.closes(bucket, new Date(from)), label).toEqual(reference.map(({ price, timestamp }) => ({ price, timestamp: ms(timestamp) })));
        expect(await silver.closes(bucket, new Date(from), 'bucket'), label).toEqual(reference.map(({ price, start }) => ({ price, timestamp: ms(start) })));
      }
    }
    const newestReading = await new SilverPricesRepository({ db: pipeline.db }).latest();
    expect(await silver.latest()).toEqual({ price: newestReading!.price, timestamp: ms(newestReading!.timestamp) });
    silver.onModuleDestroy();
  });
});

describe('long windows with raw readings kept 2 days', () => {
  const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
  /** Ten days of readings every 20 minutes, XSD on Ethereum drifting around silver. */
  const events = (): AnyEvent[] =>
    Array.from({ length: 10 * 72 }, (_, i) => {
      const at = NOW - 10 * DAY + i * 20 * MINUTE;
      const silver = 1 + Math.sin(i / 50) / 20;
      return [silverTick(silver, at), priceTick('Ethereum', 'XSD', silver * (1 + Math.cos(i / 30) / 25), at + 1_000)];
    }).flat();

  it('answers the 7 and 30 day silver, price and peg windows from rollups, as with every raw reading kept', async () => {
    const answers = async (rawPriceDays: number) => {
      const api = await createApiTestApp({ clock: () => new Date(NOW), rawPriceDays });
      try {
        await api.log.appendMany(events());
        await api.caughtUp();
        const raw = await sql<{ n: number; oldest: Date }>`select count(*)::int as n, min(timestamp) as oldest from silver_prices`.execute(api.database.db);
        const get = async (path: string) => (await request(api.app.getHttpServer()).get(path).expect(200)).body as unknown;
        const paths = ['/api/silver/history?days=7', '/api/silver/history?days=30', '/api/prices/history?token=XSD&chain=Ethereum&days=7', '/api/prices/peg?days=30'];
        return { rawRows: raw.rows[0], bodies: await Promise.all(paths.map(get)) };
      } finally {
        await api.close();
      }
    };
    const pruned = await answers(2);
    const complete = await answers(90);

    // The pruned app holds two days of raw silver readings, the complete one all ten.
    expect(pruned.rawRows.n).toBe(2 * 72 + 1);
    expect(new Date(pruned.rawRows.oldest).getTime()).toBe(NOW - 2 * DAY - 20 * MINUTE);
    expect(complete.rawRows.n).toBe(10 * 72);
    expect(pruned.bodies).toEqual(complete.bodies);
    const [week] = pruned.bodies as { points: { timestamp: string }[] }[];
    // A point per hour back to the window's start, long before the oldest raw reading.
    expect(week.points.length).toBeGreaterThan(7 * 24 - 2);
    expect(Date.parse(week.points[0].timestamp)).toBeLessThan(NOW - 7 * DAY + HOUR);
  });

  it('answers windows beyond 90 days with one close a day: price at the start of its day, silver at its reading', async () => {
    const api = await createApiTestApp({ clock: () => new Date(NOW), rawPriceDays: 2 });
    try {
      const all = events();
      await api.log.appendMany(all);
      await api.caughtUp();
      // The newest reading of each UTC day, straight from the events.
      const closes = (type: AnyEvent['type']) => {
        const byDay = new Map<number, { at: number; price: number }>();
        for (const event of all) {
          if (event.type !== type) continue;
          const data = event.data as { observedAt: string; price?: number; pricePerGram?: number };
          const at = Date.parse(data.observedAt);
          byDay.set(Math.floor(at / DAY) * DAY, { at, price: (data.price ?? data.pricePerGram)! });
        }
        return [...byDay.entries()];
      };
      const get = async (path: string) => (await request(api.app.getHttpServer()).get(path).expect(200)).body;

      const price = await get('/api/prices/history?token=XSD&chain=Ethereum&days=91');
      const priceCloses = closes('price.ticked');
      expect(price.points).toEqual([
        ...priceCloses.map(([day, close]) => ({ timestamp: iso(day), price: close.price })),
        // The newest close is today's, at midnight: the current price follows it at the answer's time.
        { timestamp: iso(NOW), price: priceCloses.at(-1)![1].price },
      ]);

      const silver = await get('/api/silver/history?days=365');
      expect(silver.points).toEqual(closes('silver.ticked').map(([, close]) => ({ timestamp: iso(close.at), price: close.price })));

      // Each day's XSD close meets the same day's silver close and holds until the next day (the last until now).
      const peg = await get('/api/prices/peg?days=365');
      const ethereum = peg.chains.find((chain: { chain_name: string }) => chain.chain_name === 'Ethereum');
      expect(ethereum.points.map((point: { timestamp: string }) => point.timestamp)).toEqual(priceCloses.map(([day]) => iso(day)));
      expect(ethereum.measured_ms).toBe(NOW - priceCloses[0][0]);
    } finally {
      await api.close();
    }
  });
});
