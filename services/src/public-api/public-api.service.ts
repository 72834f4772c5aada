import { Inject, Injectable } from '@nestjs/common';
import type { NetworkConfig } from '@xsd/contracts';
import type { PublicCandlesResponse, PublicPricesResponse } from '@xsd/contracts/api/prices';
import type { PublicCandlesQuery, PublicPricesQuery } from '@xsd/contracts/api/prices-query';
import { NETWORKS } from '../chains/rpc/chains.module.js';
import { CLOCK, type Clock, epochMillis } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { PriceCandleSeries } from '../prices/price-candle-series.js';
import { PriceReadingSeries } from '../prices/price-reading-series.js';
import type { CachedJson, JsonBytes } from '../read-cache/cached-json.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import type { KeyedHotReadModels } from '../read-cache/keyed-hot-read-models.js';
import { ReadCacheBudget } from '../read-cache/read-cache-budget.js';
import { TimedAnswers } from '../read-cache/timed-answers.js';
import { bucketWindow, type TimeWindow } from '../read-cache/window-buckets.js';
import { PublicApiJson } from './public-api-json.js';

/** Readings are projected a moment after they are read: a window ending this long ago no longer changes with a commit. */
const SETTLED_AFTER_MS = 60_000;

/** What a page of the public API says besides its items: the limit and filters it answered, and when. */
function shell<F extends object>(query: { readonly limit: number; readonly from: Date | null; readonly to: Date | null }, asOfMs: number, filters: F) {
  return {
    limit: query.limit,
    as_of_ms: asOfMs,
    filters: { ...filters, from: query.from?.toISOString() ?? null, to: query.to?.toISOString() ?? null },
  };
}

/** The public price API (/api/v1): readings and candles, each with where its price comes from. */
@Injectable()
export class PublicApiService {
  /** Pages written as JSON, with the network table's chain id and price controller of each price. */
  private readonly json: PublicApiJson;
  private readonly priceAnswers: KeyedHotReadModels<PublicPricesQuery, PublicPricesResponse>;
  private readonly candleAnswers: KeyedHotReadModels<PublicCandlesQuery, PublicCandlesResponse>;
  private readonly now: () => number;

  constructor(
    private readonly readingSeries: PriceReadingSeries,
    private readonly candleSeries: PriceCandleSeries,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    @Inject(CLOCK) clock: Clock,
    progress: ProjectionProgress,
    budget: ReadCacheBudget,
  ) {
    this.json = new PublicApiJson(new Map(networks.map((n) => [n.name, n])));
    this.now = epochMillis(clock);
    const answers = new TimedAnswers(progress, budget, clock);
    const followsCommits = ({ to }: TimeWindow) => to === null || to.getTime() > this.now() - SETTLED_AFTER_MS;
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
  prices(query: PublicPricesQuery): Awaitable<CachedJson<PublicPricesResponse>> {
    return this.priceAnswers.get(bucketWindow(query, this.now()));
  }

  /** The candles of the query's window snapped to its bucket (bucketWindow). */
  candles(query: PublicCandlesQuery): Awaitable<CachedJson<PublicCandlesResponse>> {
    return this.candleAnswers.get(bucketWindow(query, this.now()));
  }

  private async readPrices(query: PublicPricesQuery): Promise<JsonBytes<PublicPricesResponse>> {
    const asOf = this.now();
    const page = await this.readingSeries.page(query);
    return this.json.prices(page, shell(query, asOf, { token: query.token, chain: query.chain }));
  }

  private async readCandles(query: PublicCandlesQuery): Promise<JsonBytes<PublicCandlesResponse>> {
    const asOf = this.now();
    return this.candleSeries.page(query, (candles) =>
      this.json.candles(candles, query, shell(query, asOf, { token: query.token, chain: query.chain, interval: query.interval })),
    );
  }
}
