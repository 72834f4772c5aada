import { Inject, Injectable } from '@nestjs/common';
import { activeNetworks, type ChainName, type NetworkConfig } from '@xsd/contracts';
import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import type { SilverHistoryQuery } from '@xsd/contracts/api/prices-query';
import { pegHealthOfChains } from '@xsd/contracts/rules/peg-health';
import { NETWORKS } from '../chains/rpc/chains.module.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { chartWindow, followsEveryReading, ROLLUP } from '../prices/chart-window.js';
import { PriceCandleSeries } from '../prices/price-candle-series.js';
import { HISTORY_TABLES } from '../prices/prices.service.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import type { KeyedHotReadModels } from '../read-cache/keyed-hot-read-models.js';
import { ReadCacheBudget } from '../read-cache/read-cache-budget.js';
import { TimedAnswers } from '../read-cache/timed-answers.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { SilverRollupSeries } from '../silver/silver-rollup-series.js';
import { SILVER_TABLES } from '../silver/silver.service.js';

/** XSD against silver: its deviation per active chain, with the time spent in each band. */
@Injectable()
export class PegService {
  private readonly chains: readonly ChainName[];
  private readonly answers: KeyedHotReadModels<SilverHistoryQuery, PegHealthResponse>;

  constructor(
    private readonly prices: PriceHistoryRepository,
    private readonly candleSeries: PriceCandleSeries,
    private readonly silver: SilverPricesRepository,
    private readonly silverRollups: SilverRollupSeries,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    @Inject(CLOCK) private readonly clock: Clock,
    progress: ProjectionProgress,
    budget: ReadCacheBudget,
  ) {
    this.chains = activeNetworks(networks).map((n) => n.name);
    const answers = new TimedAnswers(progress, budget, clock);
    this.answers = answers.perQuery([...HISTORY_TABLES, ...SILVER_TABLES], ({ days }) => String(days), (query) => this.read(query), {
      followsCommits: ({ days }) => followsEveryReading(days),
    });
  }

  /** XSD's deviation from silver per active chain over the last `days`, with time in each band. */
  peg(query: SilverHistoryQuery): Awaitable<CachedJson<PegHealthResponse>> {
    return this.answers.get(query);
  }

  private async read({ days }: SilverHistoryQuery): Promise<PegHealthResponse> {
    const now = this.clock();
    const { from, resolution } = chartWindow(now, days);
    const raw = resolution === 'reading';
    const [silver, current, ...xsd] = await Promise.all([
      // Silver's closes at their bucket's start, as XSD's are: each XSD close meets the same hour's or day's silver.
      raw ? this.silver.history(from) : this.silverRollups.closes(ROLLUP[resolution], from, 'bucket'),
      this.silverRollups.latest(),
      ...this.chains.map((chain) => (raw ? this.prices.history('XSD', chain, from) : this.candleSeries.since('XSD', chain, resolution, from))),
    ]);
    return {
      days,
      silver_price: current?.price ?? null,
      chains: pegHealthOfChains(xsd, silver, { days, now: now.getTime() }).map((health, i) => ({ chain_name: this.chains[i], ...health })),
    };
  }
}
