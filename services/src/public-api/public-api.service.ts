import { Inject, Injectable } from '@nestjs/common';
import type { ChainName, NetworkConfig, TokenName } from '@xsd/contracts';
import type { PublicCandle, PublicCandlesResponse, PublicPriceRow, PublicPricesResponse } from '@xsd/contracts/api/prices';
import type { PublicCandlesQuery, PublicPricesQuery } from '@xsd/contracts/api/prices-query';
import { NETWORKS } from '../chains/rpc/chains.module.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import type { KeyedHotReadModels } from '../read-cache/keyed-hot-read-models.js';
import { ReadCacheBudget } from '../read-cache/read-cache-budget.js';
import { TimedAnswers } from '../read-cache/timed-answers.js';
import { bucketWindow, type TimeWindow } from '../read-cache/window-buckets.js';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import { PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { priceProvenance } from './price-provenance.js';

const iso = (date: Date) => date.toISOString();

/** Readings are projected a moment after they are read: a window ending this long ago no longer changes with a commit. */
const SETTLED_AFTER_MS = 60_000;

/** A page of the public API: its items, the limit and filters it answered, and when. */
function page<T, F extends object>(items: T[], query: { readonly limit: number; readonly from: Date | null; readonly to: Date | null }, asOf: Date, filters: F) {
  return {
    items,
    count: items.length,
    limit: query.limit,
    as_of: iso(asOf),
    filters: { ...filters, from: query.from ? iso(query.from) : null, to: query.to ? iso(query.to) : null },
  };
}

/** The public price API (/api/v1): readings and candles, each with where its price comes from. */
@Injectable()
export class PublicApiService {
  /** The network table by name: the source chain id and price controller of each price. */
  private readonly networkByChain: ReadonlyMap<ChainName, NetworkConfig>;
  private readonly priceAnswers: KeyedHotReadModels<PublicPricesQuery, PublicPricesResponse>;
  private readonly candleAnswers: KeyedHotReadModels<PublicCandlesQuery, PublicCandlesResponse>;

  constructor(
    private readonly readings: PriceHistoryRepository,
    private readonly candleRows: PriceCandlesRepository,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    @Inject(CLOCK) private readonly clock: Clock,
    progress: ProjectionProgress,
    budget: ReadCacheBudget,
  ) {
    this.networkByChain = new Map(networks.map((n) => [n.name, n]));
    const answers = new TimedAnswers(progress, budget, () => this.clock().getTime());
    const followsCommits = ({ to }: TimeWindow) => to === null || to.getTime() > this.clock().getTime() - SETTLED_AFTER_MS;
    this.priceAnswers = answers.perQuery<PublicPricesQuery, PublicPricesResponse>(
      ['price_history'],
      ({ token, chain, from, to, limit }) => `${token}|${chain}|${from?.getTime()}|${to?.getTime()}|${limit}`,
      (query) => this.readPrices(query),
      { fresh: true, followsCommits },
    );
    this.candleAnswers = answers.perQuery<PublicCandlesQuery, PublicCandlesResponse>(
      ['price_candles'],
      ({ token, chain, interval, from, to, limit }) => `${token}|${chain}|${interval}|${from?.getTime()}|${to?.getTime()}|${limit}`,
      (query) => this.readCandles(query),
      { fresh: true, followsCommits },
    );
  }

  /** The readings of the query's window snapped to its bucket (bucketWindow): moving windows share an answer. */
  prices(query: PublicPricesQuery): Promise<CachedJson<PublicPricesResponse>> {
    return this.priceAnswers.get(bucketWindow(query, this.clock().getTime()));
  }

  /** The candles of the query's window snapped to its bucket (bucketWindow). */
  candles(query: PublicCandlesQuery): Promise<CachedJson<PublicCandlesResponse>> {
    return this.candleAnswers.get(bucketWindow(query, this.clock().getTime()));
  }

  private async readPrices(query: PublicPricesQuery): Promise<PublicPricesResponse> {
    const asOf = this.clock();
    const rows = await this.readings.publicPrices(query);
    const items = rows.map((row): PublicPriceRow => {
      const token = row.token_name as TokenName;
      const chain = row.chain_name as ChainName;
      const readAt = new Date(row.timestamp);
      const blockNumber = row.block_number === null ? null : Number(row.block_number);
      return {
        token_name: token,
        chain_name: chain,
        price: row.price,
        timestamp: iso(readAt),
        provenance: priceProvenance(this.networkByChain, { token, chain, readAt, blockNumber }, asOf),
      };
    });
    return page(items, query, asOf, { token: query.token, chain: query.chain });
  }

  private async readCandles(query: PublicCandlesQuery): Promise<PublicCandlesResponse> {
    const asOf = this.clock();
    const width = CANDLE_BUCKETS[query.interval];
    const rows = await this.candleRows.publicCandles(query);
    const items = rows.map((row): PublicCandle => {
      const closeTime = new Date(row.bucket_start.getTime() + width);
      // Candles projected before closes kept their provenance, whose readings are pruned: the candle's end is the latest the close can be.
      const readAt = row.close_read_at ?? closeTime;
      return {
        token_name: query.token,
        chain_name: query.chain,
        interval: query.interval,
        open_time: iso(row.bucket_start),
        close_time: iso(closeTime),
        open: row.open,
        high: row.high,
        low: row.low,
        close: row.close,
        samples: row.samples,
        provenance: priceProvenance(
          this.networkByChain,
          { token: query.token, chain: query.chain, readAt, blockNumber: row.close_block_number },
          asOf,
        ),
      };
    });
    return page(items, query, asOf, { token: query.token, chain: query.chain, interval: query.interval });
  }
}
