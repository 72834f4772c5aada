import { Inject, Injectable } from '@nestjs/common';
import { activeNetworks, TOKEN_NAMES, type ChainName, type NetworkConfig, type TokenName } from '@xsd/contracts';
import type { LatestPrice, LatestPricesResponse, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import type { PriceHistoryQuery } from '@xsd/contracts/api/prices-query';
import { chartPointsOf, tokenChartRules } from '@xsd/contracts/rules/chart-points';
import { change24h, dayAgo } from '@xsd/contracts/rules/price-change';
import { NETWORKS } from '../chains/rpc/chains.module.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson, JsonBytes } from '../read-cache/cached-json.js';
import type { HotReadModel } from '../read-cache/hot-read-model.js';
import type { Awaitable, HotValue } from '../read-cache/hot-value.js';
import type { KeyedHotReadModels } from '../read-cache/keyed-hot-read-models.js';
import { ReadCacheBudget } from '../read-cache/read-cache-budget.js';
import { TimedAnswers } from '../read-cache/timed-answers.js';
import { ChainSettingsRepository } from '../read-models/chain-settings/chain-settings.repository.js';
import { PriceHistoryRepository, type PriceRow } from '../read-models/price-history/price-history.repository.js';
import { PRICE_PAIRS } from '../read-models/retention.js';
import { TokenSupplyRepository } from '../read-models/token-supply/token-supply.repository.js';
import { ChartJson } from './chart-json.js';
import { chartWindow, followsEveryReading } from './chart-window.js';
import { PriceCandleSeries } from './price-candle-series.js';

/** The tables each answer is read from: a projection commit to one makes the answer stale. */
const LATEST_TABLES = ['price_history', 'token_supply', 'chain_settings'] as const;
export const HISTORY_TABLES = ['price_history', 'price_candles'] as const;
const NEWEST_TABLES = ['price_history'] as const;

const iso = (date: Date) => date.toISOString();

/** Token prices: the latest per token and active chain, and one token's chart. */
@Injectable()
export class PricesService {
  private readonly chains: readonly ChainName[];
  private readonly latestAnswer: HotReadModel<LatestPricesResponse>;
  private readonly historyAnswers: KeyedHotReadModels<PriceHistoryQuery, PriceHistoryResponse>;
  /**
   * Each pair's newest reading, the `current` of its charts: read once a commit for the pair's 365
   * chart windows, not once each (a query per new answer held varied windows to 1,900 answers a second).
   */
  private readonly newestReadings: ReadonlyMap<string, HotValue<PriceRow | null>>;
  private readonly chartJson = new ChartJson();

  constructor(
    private readonly prices: PriceHistoryRepository,
    private readonly candleSeries: PriceCandleSeries,
    private readonly chainSettings: ChainSettingsRepository,
    private readonly supplies: TokenSupplyRepository,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    @Inject(CLOCK) private readonly clock: Clock,
    progress: ProjectionProgress,
    budget: ReadCacheBudget,
  ) {
    this.chains = activeNetworks(networks).map((n) => n.name);
    const answers = new TimedAnswers(progress, budget, clock);
    this.latestAnswer = answers.latest(LATEST_TABLES, () => this.readLatest());
    this.newestReadings = new Map(
      PRICE_PAIRS.map(({ token, chain }) => [`${token}|${chain}`, answers.value(NEWEST_TABLES, () => this.prices.latest(token, chain))]),
    );
    this.historyAnswers = answers.perQuery(
      HISTORY_TABLES,
      ({ token, chain, days }) => `${token}|${chain}|${days}`,
      (query) => this.readHistory(query),
      { followsCommits: ({ days }) => followsEveryReading(days) },
    );
  }

  /** One row per token and active chain, with the 24 h change, status and supply. */
  latest(): Awaitable<CachedJson<LatestPricesResponse>> {
    return this.latestAnswer.get();
  }

  history(query: PriceHistoryQuery): Awaitable<CachedJson<PriceHistoryResponse>> {
    return this.historyAnswers.get(query);
  }

  /** A validated token and chain's: every pair has one. */
  private newestReading(token: TokenName, chain: ChainName): Awaitable<PriceRow | null> {
    return this.newestReadings.get(`${token}|${chain}`)!.get();
  }

  private async readLatest(): Promise<LatestPricesResponse> {
    const now = this.clock();
    const pairs = TOKEN_NAMES.flatMap((token) => this.chains.map((chain) => ({ token, chain })));
    const [snapshots, settings, supplies] = await Promise.all([
      this.prices.snapshots(pairs, new Date(dayAgo(now))),
      this.chainSettings.all(),
      this.supplies.all(),
    ]);
    const settingsByChain = new Map(settings.map((s) => [s.chain_name, s]));
    const supplyOf = new Map(supplies.map((s) => [`${s.token_name}|${s.chain_name}`, s.total_supply]));
    const items = snapshots.map((snapshot): LatestPrice => {
      const setting = settingsByChain.get(snapshot.chain_name);
      const inMaintenance = setting !== undefined && !setting.is_active;
      const latest = snapshot.latest;
      return {
        token_name: snapshot.token_name,
        chain_name: snapshot.chain_name,
        price: latest?.price ?? null,
        timestamp: latest ? iso(latest.timestamp) : null,
        change_24h: latest ? change24h(latest, snapshot.referenceCandidates, now) : null,
        status: inMaintenance ? 'maintenance' : 'active',
        maintenance_message: inMaintenance ? (setting.maintenance_message ?? null) : null,
        total_supply: supplyOf.get(`${snapshot.token_name}|${snapshot.chain_name}`) ?? null,
      };
    });
    return { items };
  }

  private async readHistory({ token, chain, days }: PriceHistoryQuery): Promise<JsonBytes<PriceHistoryResponse>> {
    const now = this.clock();
    const { from, resolution } = chartWindow(now, days);
    const [rows, current] = await Promise.all([
      resolution === 'reading' ? this.prices.history(token, chain, from) : this.candleSeries.since(token, chain, resolution, from),
      this.newestReading(token, chain),
    ]);
    const points = chartPointsOf(rows, { rules: tokenChartRules(days), now, current: current?.price ?? null });
    return this.chartJson.write<PriceHistoryResponse>(
      {
        token_name: token,
        chain_name: chain,
        days,
        current: current ? { price: current.price, timestamp: iso(current.timestamp) } : null,
      },
      points,
    );
  }
}
