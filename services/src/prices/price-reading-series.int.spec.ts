import { type AnyEvent, type ChainName, createEvent, type TokenName } from '@xsd/contracts';
import type { PublicPricesQuery } from '@xsd/contracts/api/prices-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { PRICE_PAIRS } from '../read-models/retention.js';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { HELD_READINGS_MS, PriceReadingSeries, type ReadingPage } from './price-reading-series.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 20, 12, 0, 0);
const SYSTEM = { kind: 'system', id: 'test' } as const;
const PAIRS: readonly [TokenName, ChainName][] = [
  ['XSD', 'Ethereum'],
  ['BankX', 'Ethereum'],
  ['XSD', 'BSC'],
];

/** A reading of each pair every `stepMinutes` in [startMs, endMs): the pairs share each instant, every fifth has no block. */
function ticks(startMs: number, endMs: number, stepMinutes: number, base = 1): AnyEvent[] {
  const events: AnyEvent[] = [];
  for (let at = startMs, n = 0; at < endMs; at += stepMinutes * MINUTE, n += 1) {
    PAIRS.forEach(([token, chain], p) => {
      const data = { chain, token, price: base + p + n / 10_000, observedAt: new Date(at).toISOString(), blockNumber: n % 5 === 4 ? null : 1_000 + n };
      events.push(createEvent('price.ticked', data, { actor: SYSTEM, now: new Date(at) }));
    });
  }
  return events;
}

interface Row {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly atMs: number;
  readonly price: number;
  readonly block: number | null;
}

/** A page's rows, in its order. */
function rowsOf(page: ReadingPage): Row[] {
  return Array.from(page.atMs, (atMs, i) => ({
    ...page.pairs[page.pair[i]!]!,
    atMs,
    price: page.prices[i]!,
    block: Number.isNaN(page.blocks[i]) ? null : page.blocks[i]!,
  }));
}

describe('PriceReadingSeries', () => {
  let api: ApiTestApp;

  afterEach(async () => {
    await api?.close();
  });

  /** The table read the plain way: what every page must be cut from. */
  async function tableRows(): Promise<Row[]> {
    const rows = await api.database.db.selectFrom('price_history').select(['token_name', 'chain_name', 'timestamp', 'price', 'block_number']).execute();
    return rows.map((row) => ({ token: row.token_name, chain: row.chain_name as ChainName, atMs: row.timestamp.getTime(), price: row.price, block: row.block_number }));
  }

  /** The page the query must give: the window's readings of its pairs, newest first, one instant's in the pairs' table order, the newest `limit`. */
  function expectedPage(rows: readonly Row[], { token, chain, from, to, limit }: PublicPricesQuery): Row[] {
    const order = (row: Row) => PRICE_PAIRS.findIndex((pair) => pair.token === row.token && pair.chain === row.chain);
    return rows
      .filter((row) => (token === null || row.token === token) && (chain === null || row.chain === chain))
      .filter((row) => (from === null || row.atMs >= from.getTime()) && (to === null || row.atMs <= to.getTime()))
      .sort((a, b) => b.atMs - a.atMs || order(a) - order(b))
      .slice(0, limit);
  }

  it('pages the newest `limit` readings of any pairs and window as the table holds them', async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
    await api.log.appendMany(ticks(NOW - 3 * DAY, NOW, 7));
    await api.caughtUp();
    const series = api.app.get(PriceReadingSeries);
    const rows = await tableRows();
    expect(rows.length).toBeGreaterThan(1_800);
    const first = NOW - 3 * DAY;
    const queries: PublicPricesQuery[] = [
      { token: 'XSD', chain: 'Ethereum', from: null, to: null, limit: 1000 },
      { token: 'XSD', chain: 'Ethereum', from: null, to: null, limit: 3 },
      // Bounds on a reading's instant (inclusive at both ends) and between readings.
      { token: 'BankX', chain: 'Ethereum', from: new Date(first + 70 * MINUTE), to: new Date(first + 700 * MINUTE), limit: 1000 },
      { token: 'BankX', chain: 'Ethereum', from: new Date(first + 71 * MINUTE), to: new Date(first + 699 * MINUTE), limit: 1000 },
      // Several pairs: their readings of one instant in the table's order, a limit cutting between them.
      { token: 'XSD', chain: null, from: null, to: null, limit: 7 },
      { token: null, chain: 'Ethereum', from: new Date(first + DAY), to: new Date(first + 2 * DAY), limit: 1000 },
      { token: null, chain: null, from: null, to: new Date(first + DAY + 1), limit: 500 },
      { token: null, chain: null, from: null, to: null, limit: 1000 },
      // Pairs with no readings, and windows holding none: before the first, after the last, reversed.
      { token: 'BankX', chain: 'Polygon', from: null, to: null, limit: 1000 },
      { token: 'XSD', chain: 'BSC', from: new Date(first - DAY), to: new Date(first - 1), limit: 1000 },
      { token: 'XSD', chain: 'BSC', from: new Date(NOW), to: null, limit: 1000 },
      { token: null, chain: null, from: new Date(first + 2 * DAY), to: new Date(first + DAY), limit: 1000 },
    ];
    for (const query of queries) {
      const expected = expectedPage(rows, query);
      expect(rowsOf(await series.page(query)), JSON.stringify(query)).toEqual(expected);
    }
    expect(expectedPage(rows, queries[4]!).map((row) => row.chain)).toEqual(['Ethereum', 'BSC', 'Ethereum', 'BSC', 'Ethereum', 'BSC', 'Ethereum']);
  });

  it('holds each pair\'s last 30 days and reads a page it does not hold from the table, the same page either way', async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
    const series = api.app.get(PriceReadingSeries);
    const tableReads = vi.spyOn(api.app.get(PriceHistoryRepository), 'newestReadings');
    const held = NOW - HELD_READINGS_MS;
    const first = held - 5 * DAY;
    const at = (ms: number) => new Date(ms);
    // The days held move with the newest reading: two days of readings later, it holds two days' fewer of the first.
    await api.log.appendMany(ticks(first, NOW - 2 * DAY, 60));
    await api.caughtUp();
    const early: PublicPricesQuery = { token: 'XSD', chain: 'Ethereum', from: at(held - 1.5 * DAY), to: at(held - 0.5 * DAY), limit: 1000 };
    expect(rowsOf(await series.page(early))).toEqual(expectedPage(await tableRows(), early));
    expect(tableReads).not.toHaveBeenCalled();
    await api.log.appendMany(ticks(NOW - 2 * DAY, NOW, 60));
    await api.caughtUp();
    const rows = await tableRows();
    expect(rowsOf(await series.page(early))).toEqual(expectedPage(rows, early));
    expect(tableReads).toHaveBeenCalledTimes(1);

    const queries: [PublicPricesQuery, 'held' | 'table'][] = [
      // Inside the days held, or reaching past them with the limit met inside them.
      [{ token: 'XSD', chain: 'Ethereum', from: at(held), to: null, limit: 1000 }, 'held'],
      [{ token: 'XSD', chain: 'Ethereum', from: null, to: null, limit: 100 }, 'held'],
      [{ token: null, chain: null, from: at(held - 3 * DAY), to: at(NOW - DAY), limit: 50 }, 'held'],
      // Older than the days held, across their start, or with more rows than they hold.
      [{ token: 'XSD', chain: 'Ethereum', from: null, to: null, limit: 1000 }, 'table'],
      [{ token: 'BankX', chain: 'Ethereum', from: at(first + DAY), to: at(first + 3 * DAY), limit: 1000 }, 'table'],
      [{ token: 'BankX', chain: 'Ethereum', from: at(first + DAY + 1), to: at(first + 3 * DAY - 1), limit: 7 }, 'table'],
      [{ token: null, chain: 'Ethereum', from: at(held - DAY), to: at(held + DAY), limit: 1000 }, 'table'],
      [{ token: null, chain: null, from: null, to: at(held + HOUR), limit: 5 }, 'table'],
      [{ token: 'XSD', chain: null, from: at(first - 15 * DAY), to: at(first + DAY), limit: 1000 }, 'table'],
      // Older than the table's oldest reading: nothing to read.
      [{ token: 'XSD', chain: null, from: at(first - 15 * DAY), to: at(first - 5 * DAY), limit: 1000 }, 'held'],
    ];
    for (const [query, from] of queries) {
      tableReads.mockClear();
      const expected = expectedPage(rows, query);
      expect(rowsOf(await series.page(query)), JSON.stringify(query)).toEqual(expected);
      expect(tableReads.mock.calls.length, JSON.stringify(query)).toBe(from === 'table' ? 1 : 0);
    }
    expect(expectedPage(rows, queries[3]![0]).length).toBe((NOW - first) / HOUR);
  });

  it('follows each commit: new readings, readings the retention prunes, pairs new to it, and readings older than it held', async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW), rawPriceDays: 2 });
    const series = api.app.get(PriceReadingSeries);
    const all: PublicPricesQuery = { token: null, chain: null, from: null, to: null, limit: 1000 };
    await api.log.appendMany(ticks(NOW - 3 * DAY, NOW - DAY, 30));
    await api.caughtUp();
    expect(rowsOf(await series.page(all))).toEqual(expectedPage(await tableRows(), all));

    // A day more: the newest readings come in, the oldest go (two days kept, counted from the newest, NOW - 30 min).
    await api.log.appendMany(ticks(NOW - DAY, NOW, 30, 5));
    await api.caughtUp();
    const rows = await tableRows();
    expect(Math.min(...rows.map((row) => row.atMs))).toBe(NOW - 2 * DAY - 30 * MINUTE);
    expect(rowsOf(await series.page(all))).toEqual(expectedPage(rows, all));

    // A pair the series held no reading of; then one of its readings older than the one held (a rebuild keeping more would add such).
    const polygon: PublicPricesQuery = { ...all, token: 'BankX', chain: 'Polygon' };
    const reading = (at: number, price: number) =>
      createEvent('price.ticked', { chain: 'Polygon', token: 'BankX', price, observedAt: new Date(at).toISOString(), blockNumber: 9 }, { actor: SYSTEM, now: new Date(NOW) });
    await api.log.appendMany([reading(NOW - MINUTE, 0.4)]);
    await api.caughtUp();
    expect(rowsOf(await series.page(polygon))).toEqual([{ token: 'BankX', chain: 'Polygon', atMs: NOW - MINUTE, price: 0.4, block: 9 }]);
    await api.log.appendMany([reading(NOW - DAY, 0.3)]);
    await api.caughtUp();
    expect(rowsOf(await series.page(polygon)).map((row) => row.price)).toEqual([0.4, 0.3]);
    expect(rowsOf(await series.page(all))).toEqual(expectedPage(await tableRows(), all));
  });

  it('gives every read at least the commits known when it began, reads and commits interleaved', async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
    const series = api.app.get(PriceReadingSeries);
    const query: PublicPricesQuery = { token: 'XSD', chain: 'Ethereum', from: null, to: null, limit: 1000 };
    await api.log.appendMany(ticks(NOW - DAY, NOW - DAY + 60 * MINUTE, 1));
    await api.caughtUp();
    for (let round = 1; round <= 5; round += 1) {
      const reads = Array.from({ length: 10 }, () => series.page(query));
      await api.log.appendMany(ticks(NOW - DAY + round * 60 * MINUTE, NOW - DAY + (round + 1) * 60 * MINUTE, 1));
      await api.caughtUp();
      // Reads begun before the commit see at least what was there; one begun after it sees it.
      for (const page of await Promise.all(reads)) expect(page.atMs.length).toBeGreaterThanOrEqual(round * 60);
      expect(rowsOf(await series.page(query))).toEqual(expectedPage(await tableRows(), query));
    }
  });
});
