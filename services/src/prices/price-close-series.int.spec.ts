import { createEvent, type AnyEvent } from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { PriceCloseSeries } from './price-close-series.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 20, 12, 0, 0);
const SYSTEM = { kind: 'system', id: 'test' } as const;
/** XSD on Ethereum, a reading every 45 minutes from `startMs` for `hours`, prices from `base` up. */
const ticks = (startMs: number, hours: number, base: number): AnyEvent[] =>
  Array.from({ length: Math.floor((hours * 60) / 45) }, (_, i) => {
    const at = startMs + i * 45 * 60_000;
    return createEvent('price.ticked', { chain: 'Ethereum', token: 'XSD', price: base + i / 1000, observedAt: new Date(at).toISOString() }, { actor: SYSTEM, now: new Date(at) });
  });

describe('PriceCloseSeries', () => {
  let api: ApiTestApp;

  beforeEach(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
  });

  afterEach(async () => {
    await api.close();
  });

  it('answers any window as the candles table would, and reads again after a commit to price_candles', async () => {
    await api.log.appendMany(ticks(NOW - 100 * DAY, 100 * 24 - 2, 1));
    await api.caughtUp();
    const series = api.app.get(PriceCloseSeries);
    const candles = api.app.get(PriceCandlesRepository);
    for (const [resolution, bucket, days] of [['hour', '1h', 2], ['hour', '1h', 30], ['hour', '1h', 90], ['day', '1d', 91], ['day', '1d', 365]] as const) {
      const from = new Date(NOW - days * DAY + 17 * 60_000);
      const direct = await candles.closes('XSD', 'Ethereum', bucket, from);
      expect(direct.length, `${days} days`).toBeGreaterThan(0);
      expect(await series.since('XSD', 'Ethereum', resolution, from), `${days} days`).toEqual(direct);
    }

    // A new hour's reading: the next read of the series has its close.
    const before = await series.since('XSD', 'Ethereum', 'hour', new Date(NOW - DAY));
    await api.log.appendMany(ticks(NOW - 30 * 60_000, 1, 5));
    await api.caughtUp();
    const after = await series.since('XSD', 'Ethereum', 'hour', new Date(NOW - DAY));
    expect(after.at(-1)).toEqual({ price: 5, timestamp: new Date(NOW - HOUR) });
    expect(after.at(-1)).not.toEqual(before.at(-1));
  });
});
