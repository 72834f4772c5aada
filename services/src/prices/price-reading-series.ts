import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import type { PublicPricesQuery } from '@xsd/contracts/api/prices-query';
import { DAY_MS, MINUTE_MS } from '@xsd/contracts/rules/time';
import { ProjectionProgress } from '../core/projection-progress.js';
import { SyncedSeries, TimeColumns } from '../read-cache/synced-series.js';
import { PriceHistoryRepository, READING_SPAN_COLUMNS } from '../read-models/price-history/price-history.repository.js';
import { PRICE_PAIRS } from '../read-models/retention.js';

type PricePair = (typeof PRICE_PAIRS)[number];

/**
 * How late a reading (a token's or silver's) comes at most, and so how far back from a pair's
 * newest reading each sync reads again. Readings come in read-time order per pair (one a tick
 * slot, ingestor replicas deduplicated by slot), so a reading older than this that was not there
 * before comes only with a rebuild keeping more (read whole again). The candles and rollups it
 * changes start at most a width and this before the newest.
 */
export const LATE_READING_MS = 10 * MINUTE_MS;

/**
 * Readings of a page, newest first, copied out of the series (which later syncs change): each
 * row's pair (an index into `pairs`), read time (epoch ms), price and block (NaN: none).
 */
export interface ReadingPage {
  readonly pairs: readonly { readonly token: TokenName; readonly chain: ChainName }[];
  readonly pair: Uint8Array;
  readonly atMs: Float64Array;
  readonly prices: Float64Array;
  readonly blocks: Float64Array;
}

/**
 * How much of each pair's readings the series holds, back from its newest: 30 days (86,400
 * readings of 30 s ticks, 2.1 MB a pair, 2.3 MB with its columns' spare eighth: the README's 33 MB
 * for 14). With a week, half of bench/scale's varied /api/v1/prices windows went to the table and
 * the route served 1,041 pages a second at p99 102 ms; with 30 days, 1,334 at 88 ms.
 */
export const HELD_READINGS_MS = 30 * DAY_MS;

/**
 * Each token and chain's last 30 days of raw readings held as typed columns, 24 bytes a reading, in
 * step with price_history (SyncedSeries), for /api/v1/prices: its windows are any two instants,
 * and a page of 1,000 readings read from PostgreSQL costs the database about 1.4 ms (planning,
 * an index-only scan and the aggregate): every page read so held the route to a few hundred new
 * pages a second. A page the 30 days do not hold (older readings of XSD_RAW_PRICE_DAYS, 90 by
 * default) is read from the table: holding the 90 days of 14 pairs took 98 MB, a quarter of the
 * API's memory.
 */
@Injectable()
export class PriceReadingSeries implements OnModuleDestroy {
  private readonly series: SyncedSeries<PricePair>;

  constructor(
    private readonly readings: PriceHistoryRepository,
    progress: ProjectionProgress,
  ) {
    this.series = new SyncedSeries(progress, {
      projection: 'price_history',
      keys: PRICE_PAIRS,
      bounds: (pairs) => readings.readingBounds(pairs),
      read: (spans) => readings.readingSpans(spans.map(({ key, fromMs, toMs }) => ({ ...key, fromMs, toMs }))),
      columns: READING_SPAN_COLUMNS,
      rereadMs: () => LATE_READING_MS,
      // 30 days of 30 s ticks is 86,400 readings a pair: read a day (2,880) at a time. A week of
      // the 13 pairs the background reads together is one answer of 6.3 MB (its hex text twice
      // that) parsed on the event loop: bench/scale's cold requests made meanwhile took 31-59 ms
      // at times (4 runs of 4), 5-12 ms with a day (2 runs of 2).
      loadSpanMs: () => DAY_MS,
      holdMs: () => HELD_READINGS_MS,
    });
  }

  onModuleDestroy(): void {
    this.series.close();
  }

  /** The newest `limit` readings read in [from, to] of the query's pairs, newest first; at one instant, in PRICE_PAIRS' order. */
  async page({ token, chain, from, to, limit }: PublicPricesQuery): Promise<ReadingPage> {
    const pairs = PRICE_PAIRS.filter((pair) => (token === null || pair.token === token) && (chain === null || pair.chain === chain));
    const fromMs = from === null ? Number.NEGATIVE_INFINITY : from.getTime();
    const toMs = to === null ? Number.POSITIVE_INFINITY : to.getTime() + 1;
    const held = await this.series.get(pairs);
    // The rows the series does not hold, [tableFrom, heldFrom), are not on the page when the window misses them or it holds `limit` newer ones of the pair in it.
    const holdsPage = held.every((c) => fromMs >= c.heldFrom || toMs <= c.tableFrom || c.at(toMs) - c.at(fromMs) >= limit);
    if (holdsPage) return copyPage(pairs, held, fromMs, toMs, limit);
    const spans = pairs.map((pair) => ({ ...pair, fromMs: from === null ? null : fromMs, toMs: to === null ? null : toMs }));
    const read = await this.readings.newestReadings(spans, limit);
    return copyPage(pairs, read.map((rows) => TimeColumns.of(rows)), fromMs, toMs, limit);
  }
}

/**
 * The newest `limit` readings of `sources` (each pair's columns) in [fromMs, toMs), newest first;
 * at one instant, in the pairs' order. Nothing awaits here: no sync changes the columns meanwhile.
 */
function copyPage(pairs: readonly PricePair[], sources: readonly TimeColumns[], fromMs: number, toMs: number, limit: number): ReadingPage {
  // Each pair's window, cut to its newest `limit`: positions walk down from `next` to `stop`.
  const next = sources.map((c) => c.at(toMs) - 1);
  const stop = sources.map((c, i) => Math.max(c.at(fromMs), next[i] + 1 - limit));
  let count = 0;
  for (let i = 0; i < sources.length; i++) count += Math.max(0, next[i] + 1 - stop[i]);
  count = Math.min(count, limit);
  const page: ReadingPage = {
    pairs,
    pair: new Uint8Array(count),
    atMs: new Float64Array(count),
    prices: new Float64Array(count),
    blocks: new Float64Array(count),
  };
  for (let row = 0; row < count; row++) {
    // The newest reading left; at one instant, the first pair in the table's order.
    let source = -1;
    for (let i = 0; i < sources.length; i++) {
      if (next[i] >= stop[i] && (source === -1 || sources[i].times[next[i]] > sources[source].times[next[source]])) source = i;
    }
    const [atMs, prices, blocks] = sources[source].columns;
    const at = next[source]--;
    page.pair[row] = source;
    page.atMs[row] = atMs[at];
    page.prices[row] = prices[at];
    page.blocks[row] = blocks[at];
  }
  return page;
}
