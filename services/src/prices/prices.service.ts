import { Inject, Injectable } from '@nestjs/common';
import { activeNetworks, TOKEN_NAMES, type ChainName, type NetworkConfig, type TokenName } from '@xsd/contracts';
import type {
  LatestPrice,
  LatestPricesResponse,
  PriceHistoryResponse,
  PublicCandle,
  PublicCandlesResponse,
  PublicPricesResponse,
  SilverHistoryResponse,
  SilverLatestResponse,
} from '@xsd/contracts/api/prices';
import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import type { PriceHistoryQuery, PublicCandlesQuery, PublicPricesQuery, SilverHistoryQuery } from '@xsd/contracts/api/prices-query';
import { buildChartPoints, SILVER_MERGE_MS, silverChartRules, tokenChartRules } from '@xsd/contracts/rules/chart-points';
import { chainPegHealth } from '@xsd/contracts/rules/peg-health';
import { change24h, dayAgo } from '@xsd/contracts/rules/price-change';
import { silverStats } from '@xsd/contracts/rules/silver-stats';
import { DAY_MS } from '@xsd/contracts/rules/time';
import { NETWORKS } from '../chains/chains.module.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';
import { KeyedHotReadModels } from '../read-cache/keyed-hot-read-models.js';
import { ChainSettingsRepository } from '../read-models/chain-settings/chain-settings.repository.js';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import { PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { TokenSupplyRepository } from '../read-models/token-supply/token-supply.repository.js';
import { priceProvenance } from './price-provenance.js';

/** Windows longer than this are drawn from hourly candles instead of every reading. */
const RAW_HISTORY_MAX_DAYS = 1;

/** The tables each answer is read from: a projection commit to one makes the answer stale. */
const LATEST_TABLES = ['price_history', 'token_supply', 'chain_settings'] as const;
const HISTORY_TABLES = ['price_history', 'price_candles'] as const;
const SILVER_TABLES = ['silver_prices'] as const;
const PEG_TABLES = [...HISTORY_TABLES, ...SILVER_TABLES] as const;
/** Answers that move with the clock alone (the 24 h reference, the chart's "now" point) are read again this often. */
const LATEST_MAX_AGE_MS = 10_000;
const HISTORY_MAX_AGE_MS = 60_000;
/** Distinct history windows and public API pages kept in memory. */
const MAX_CACHED_QUERIES = 512;

const iso = (date: Date) => date.toISOString();

@Injectable()
export class PricesService {
  private readonly chains: readonly ChainName[];
  private readonly latestAnswer: HotReadModel<LatestPricesResponse>;
  private readonly silverAnswer: HotReadModel<SilverLatestResponse | null>;
  private readonly historyAnswers: KeyedHotReadModels<PriceHistoryQuery, PriceHistoryResponse>;
  private readonly silverHistoryAnswers: KeyedHotReadModels<SilverHistoryQuery, SilverHistoryResponse>;
  private readonly publicAnswers: KeyedHotReadModels<PublicPricesQuery, PublicPricesResponse>;
  private readonly candleAnswers: KeyedHotReadModels<PublicCandlesQuery, PublicCandlesResponse>;
  /** The network table by name: the source chain id and price controller of each public API price. */
  private readonly networkByChain: ReadonlyMap<ChainName, NetworkConfig>;
  private readonly pegAnswers: KeyedHotReadModels<SilverHistoryQuery, PegHealthResponse>;

  constructor(
    private readonly prices: PriceHistoryRepository,
    private readonly candles: PriceCandlesRepository,
    private readonly chainSettings: ChainSettingsRepository,
    private readonly silver: SilverPricesRepository,
    private readonly supplies: TokenSupplyRepository,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    @Inject(CLOCK) private readonly clock: Clock,
    progress: ProjectionProgress,
  ) {
    this.chains = activeNetworks(networks).map((n) => n.name);
    this.networkByChain = new Map(networks.map((n) => [n.name, n]));
    const now = () => this.clock().getTime();
    this.latestAnswer = new HotReadModel(progress, {
      tables: LATEST_TABLES,
      maxAgeMs: LATEST_MAX_AGE_MS,
      now,
      load: () => this.readLatest(),
    });
    this.silverAnswer = new HotReadModel(progress, {
      tables: SILVER_TABLES,
      maxAgeMs: LATEST_MAX_AGE_MS,
      now,
      load: () => this.readSilverLatest(),
    });
    const queries = { maxEntries: MAX_CACHED_QUERIES, maxAgeMs: HISTORY_MAX_AGE_MS, now };
    this.historyAnswers = new KeyedHotReadModels(progress, {
      ...queries,
      tables: HISTORY_TABLES,
      key: ({ token, chain, days }) => `${token}|${chain}|${days}`,
      load: (query) => this.readHistory(query),
    });
    this.silverHistoryAnswers = new KeyedHotReadModels(progress, {
      ...queries,
      tables: SILVER_TABLES,
      key: ({ days }) => String(days),
      load: (query) => this.readSilverHistory(query),
    });
    this.publicAnswers = new KeyedHotReadModels(progress, {
      ...queries,
      maxAgeMs: LATEST_MAX_AGE_MS,
      tables: ['price_history'],
      key: ({ token, chain, from, to, limit }) => `${token}|${chain}|${from?.getTime()}|${to?.getTime()}|${limit}`,
      load: (query) => this.readPublicPrices(query),
    });
    this.candleAnswers = new KeyedHotReadModels(progress, {
      ...queries,
      maxAgeMs: LATEST_MAX_AGE_MS,
      // The close's provenance is read from price_history.
      tables: ['price_candles', 'price_history'],
      key: ({ token, chain, interval, from, to, limit }) => `${token}|${chain}|${interval}|${from?.getTime()}|${to?.getTime()}|${limit}`,
      load: (query) => this.readPublicCandles(query),
    });
    this.pegAnswers = new KeyedHotReadModels(progress, {
      ...queries,
      tables: PEG_TABLES,
      key: ({ days }) => String(days),
      load: (query) => this.readPeg(query),
    });
  }

  /** One row per token and active chain, with the 24 h change, status and supply. */
  latest(): Promise<CachedJson<LatestPricesResponse>> {
    return this.latestAnswer.get();
  }

  history(query: PriceHistoryQuery): Promise<CachedJson<PriceHistoryResponse>> {
    return this.historyAnswers.get(query);
  }

  /** Null while no silver price was ever read. */
  silverLatest(): Promise<CachedJson<SilverLatestResponse | null>> {
    return this.silverAnswer.get();
  }

  silverHistory(query: SilverHistoryQuery): Promise<CachedJson<SilverHistoryResponse>> {
    return this.silverHistoryAnswers.get(query);
  }

  publicPrices(query: PublicPricesQuery): Promise<CachedJson<PublicPricesResponse>> {
    return this.publicAnswers.get(query);
  }

  publicCandles(query: PublicCandlesQuery): Promise<CachedJson<PublicCandlesResponse>> {
    return this.candleAnswers.get(query);
  }

  /** XSD's deviation from silver per active chain over the last `days`, with time in each band. */
  peg(query: SilverHistoryQuery): Promise<CachedJson<PegHealthResponse>> {
    return this.pegAnswers.get(query);
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

  private async readHistory({ token, chain, days }: PriceHistoryQuery): Promise<PriceHistoryResponse> {
    const now = this.clock();
    const from = new Date(now.getTime() - days * DAY_MS);
    const [rows, current] = await Promise.all([
      days <= RAW_HISTORY_MAX_DAYS ? this.prices.history(token, chain, from) : this.candles.hourlyCloses(token, chain, from),
      this.prices.latest(token, chain),
    ]);
    const points = buildChartPoints(rows, { rules: tokenChartRules(days), now, current: current?.price ?? null });
    return {
      token_name: token,
      chain_name: chain,
      days,
      current: current ? { price: current.price, timestamp: iso(current.timestamp) } : null,
      points,
    };
  }

  private async readSilverLatest(): Promise<SilverLatestResponse | null> {
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

  private async readSilverHistory({ days }: SilverHistoryQuery): Promise<SilverHistoryResponse> {
    const now = this.clock();
    const from = new Date(now.getTime() - days * DAY_MS);
    const [rows, current] = await Promise.all([
      days <= RAW_HISTORY_MAX_DAYS ? this.silver.history(from) : this.silver.hourlyLast(from),
      this.silver.latest(),
    ]);
    const points = buildChartPoints(rows, {
      rules: silverChartRules(days),
      now,
      current: current?.price ?? null,
      preMergeMs: SILVER_MERGE_MS,
    });
    return {
      days,
      current: current ? { price_per_gram: current.price, timestamp: iso(current.timestamp) } : null,
      points,
    };
  }

  private async readPeg({ days }: SilverHistoryQuery): Promise<PegHealthResponse> {
    const now = this.clock();
    const from = new Date(now.getTime() - days * DAY_MS);
    const raw = days <= RAW_HISTORY_MAX_DAYS;
    const [silver, current, ...xsd] = await Promise.all([
      raw ? this.silver.history(from) : this.silver.hourlyLast(from),
      this.silver.latest(),
      ...this.chains.map((chain) => (raw ? this.prices.history('XSD', chain, from) : this.candles.hourlyCloses('XSD', chain, from))),
    ]);
    return {
      days,
      silver_price: current?.price ?? null,
      chains: this.chains.map((chain_name, i) => ({
        chain_name,
        ...chainPegHealth(xsd[i] ?? [], silver, { days, now: now.getTime() }),
      })),
    };
  }

  private async readPublicPrices(query: PublicPricesQuery): Promise<PublicPricesResponse> {
    const asOf = this.clock();
    const rows = await this.prices.publicPrices(query);
    const items = rows.map((row) => {
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
    return {
      items,
      count: items.length,
      limit: query.limit,
      as_of: iso(asOf),
      filters: {
        token: query.token,
        chain: query.chain,
        from: query.from ? iso(query.from) : null,
        to: query.to ? iso(query.to) : null,
      },
    };
  }

  private async readPublicCandles(query: PublicCandlesQuery): Promise<PublicCandlesResponse> {
    const asOf = this.clock();
    const width = CANDLE_BUCKETS[query.interval];
    const rows = await this.candles.publicCandles(query);
    const items = rows.map((row): PublicCandle => {
      const closeTime = new Date(row.bucket_start.getTime() + width);
      // A candle always has its readings; were they pruned, the candle's end is the latest the close can be.
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
    return {
      items,
      count: items.length,
      limit: query.limit,
      as_of: iso(asOf),
      filters: {
        token: query.token,
        chain: query.chain,
        interval: query.interval,
        from: query.from ? iso(query.from) : null,
        to: query.to ? iso(query.to) : null,
      },
    };
  }
}
