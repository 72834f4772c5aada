import { Inject, Injectable } from '@nestjs/common';
import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SilverHistoryQuery } from '@xsd/contracts/api/prices-query';
import { chartPointsOf, SILVER_MERGE_MS, silverChartRules } from '@xsd/contracts/rules/chart-points';
import { dayAgo } from '@xsd/contracts/rules/price-change';
import { isoString } from '@xsd/contracts/rules/time';
import { silverStats } from '@xsd/contracts/rules/silver-stats';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ChartJson } from '../prices/chart-json.js';
import { chartWindow, followsEveryReading, ROLLUP } from '../prices/chart-window.js';
import type { CachedJson, JsonBytes } from '../read-cache/cached-json.js';
import type { HotReadModel } from '../read-cache/hot-read-model.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import type { KeyedHotReadModels } from '../read-cache/keyed-hot-read-models.js';
import { ReadCacheBudget } from '../read-cache/read-cache-budget.js';
import { TimedAnswers } from '../read-cache/timed-answers.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { SilverRollupSeries } from './silver-rollup-series.js';

/** The tables the silver answers are read from: a projection commit to one makes them stale. */
export const SILVER_TABLES = ['silver_prices', 'silver_rollups'] as const;

const iso = (date: Date) => date.toISOString();

/** The silver price per gram: the latest with its 24 h statistics, and its chart. */
@Injectable()
export class SilverService {
  private readonly latestAnswer: HotReadModel<SilverLatestResponse | null>;
  private readonly historyAnswers: KeyedHotReadModels<SilverHistoryQuery, SilverHistoryResponse>;
  private readonly chartJson = new ChartJson();

  constructor(
    private readonly silver: SilverPricesRepository,
    private readonly rollups: SilverRollupSeries,
    @Inject(CLOCK) private readonly clock: Clock,
    progress: ProjectionProgress,
    budget: ReadCacheBudget,
  ) {
    const answers = new TimedAnswers(progress, budget, clock);
    this.latestAnswer = answers.latest(SILVER_TABLES, () => this.readLatest());
    this.historyAnswers = answers.perQuery(SILVER_TABLES, ({ days }) => String(days), (query) => this.readHistory(query), {
      followsCommits: ({ days }) => followsEveryReading(days),
    });
  }

  /** Null while no silver price was ever read. */
  latest(): Awaitable<CachedJson<SilverLatestResponse | null>> {
    return this.latestAnswer.get();
  }

  history(query: SilverHistoryQuery): Awaitable<CachedJson<SilverHistoryResponse>> {
    return this.historyAnswers.get(query);
  }

  private async readLatest(): Promise<SilverLatestResponse | null> {
    const now = this.clock();
    const latest = await this.silver.latest();
    if (!latest) return null;
    const reference = new Date(dayAgo(now));
    const [extremes, around] = await Promise.all([
      this.silver.extremesSince(reference),
      this.silver.around(reference, latest.timestamp),
    ]);
    return {
      price_per_gram: latest.price,
      timestamp: iso(latest.timestamp),
      source: latest.source,
      ...silverStats(latest, extremes, around, now),
    };
  }

  private async readHistory({ days }: SilverHistoryQuery): Promise<JsonBytes<SilverHistoryResponse>> {
    const now = this.clock();
    const { from, resolution } = chartWindow(now, days);
    const [rows, current] = await Promise.all([
      resolution === 'reading' ? this.silver.history(from) : this.rollups.closes(ROLLUP[resolution], from),
      this.rollups.latest(),
    ]);
    const points = chartPointsOf(rows, {
      rules: silverChartRules(days),
      now,
      current: current?.price ?? null,
      preMergeMs: SILVER_MERGE_MS,
    });
    return this.chartJson.write<SilverHistoryResponse>(
      { days, current: current ? { price_per_gram: current.price, timestamp: isoString(current.timestamp) } : null },
      points,
    );
  }
}
