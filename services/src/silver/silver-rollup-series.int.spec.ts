import { createEvent, type AnyEvent } from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { SilverRollupSeries } from './silver-rollup-series.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 20, 12, 0, 0);
const SYSTEM = { kind: 'system', id: 'test' } as const;
/** A silver reading every 50 minutes from `startMs` for `hours`, prices from `base` up. */
const ticks = (startMs: number, hours: number, base: number): AnyEvent[] =>
  Array.from({ length: Math.floor((hours * 60) / 50) }, (_, i) => {
    const at = startMs + i * 50 * MINUTE;
    const pricePerGram = base + i / 1000;
    return createEvent(
      'silver.ticked',
      { pricePerGram, pricePerOunce: pricePerGram * 31.1034768, observedAt: new Date(at).toISOString() },
      { actor: SYSTEM, now: new Date(at) },
    );
  });

describe('SilverRollupSeries', () => {
  let api: ApiTestApp;

  beforeEach(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
  });

  afterEach(async () => {
    await api.close();
  });

  /** The rollups table read the plain way: what the series' closes must equal. */
  const rollupRows = (bucket: '1h' | '1d') =>
    api.database.db
      .selectFrom('silver_rollups')
      .select(['bucket_start', 'close', 'close_at'])
      .where('bucket', '=', bucket)
      .orderBy('bucket_start', 'asc')
      .execute();

  it('answers any long window and the newest reading as the tables would, and reads again after a commit', async () => {
    await api.log.appendMany(ticks(NOW - 100 * DAY, 100 * 24 - 2, 1));
    await api.caughtUp();
    const series = api.app.get(SilverRollupSeries);
    for (const [bucket, days] of [['1h', 2], ['1h', 30], ['1h', 90], ['1d', 91], ['1d', 365]] as const) {
      // A start inside a bucket: its close counts only when read at or after the start.
      const from = NOW - days * DAY + 17 * MINUTE;
      const width = bucket === '1h' ? HOUR : DAY;
      const inWindow = (await rollupRows(bucket)).filter((row) => row.bucket_start.getTime() >= Math.floor(from / width) * width && row.close_at.getTime() >= from);
      expect(inWindow.length, `${days} days`).toBeGreaterThan(0);
      expect(await series.closes(bucket, new Date(from)), `${days} days`).toEqual(inWindow.map((row) => ({ price: row.close, timestamp: row.close_at.getTime() })));
      expect(await series.closes(bucket, new Date(from), 'bucket'), `${days} days`).toEqual(
        inWindow.map((row) => ({ price: row.close, timestamp: row.bucket_start.getTime() })),
      );
    }
    const newest = async () => {
      const row = await new SilverPricesRepository({ db: api.database.db }).latest();
      return { price: row!.price, timestamp: row!.timestamp.getTime() };
    };
    expect(await series.latest()).toEqual(await newest());

    // A newer reading in a new hour: the next reads have it, as its close and as the newest.
    await api.log.appendMany(ticks(NOW - 5 * MINUTE, 1, 7));
    await api.caughtUp();
    expect(await series.latest()).toEqual({ price: 7, timestamp: NOW - 5 * MINUTE });
    expect(await series.latest()).toEqual(await newest());
    expect((await series.closes('1h', new Date(NOW - DAY))).at(-1)).toEqual({ price: 7, timestamp: NOW - 5 * MINUTE });
    expect((await series.closes('1d', new Date(NOW - DAY), 'bucket')).at(-1)).toEqual({ price: 7, timestamp: Math.floor(NOW / DAY) * DAY });
  });

  it('has no newest reading and no closes while silver was never read', async () => {
    const series = api.app.get(SilverRollupSeries);
    expect(await series.latest()).toBeNull();
    expect(await series.closes('1h', new Date(NOW - 30 * DAY))).toEqual([]);
  });
});
