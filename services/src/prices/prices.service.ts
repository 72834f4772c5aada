import { Inject, Injectable } from '@nestjs/common';
import { activeNetworks, TOKEN_NAMES, type ChainName, type NetworkConfig, type TokenName } from '@xsd/contracts';
import type {
  LatestPrice,
  LatestPricesResponse,
  PriceHistoryResponse,
  PublicPricesResponse,
  SilverHistoryResponse,
  SilverLatestResponse,
} from '@xsd/contracts/api/prices';
import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
import type { PriceHistoryQuery, PublicPricesQuery, SilverHistoryQuery } from '@xsd/contracts/api/prices-query';
import { buildChartPoints, SILVER_MERGE_MS, silverChartRules, tokenChartRules } from '@xsd/contracts/rules/chart-points';
import { change24h, dayAgo } from '@xsd/contracts/rules/price-change';
import { silverStats } from '@xsd/contracts/rules/silver-stats';
import { DAY_MS } from '@xsd/contracts/rules/time';
import { ApiError } from '../api/api-error.filter.js';
import { NETWORKS } from '../chains/chains.module.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { ChainSettingsRepository } from '../read-models/chain-settings/chain-settings.repository.js';
import { PriceCandlesRepository } from '../read-models/price-candles/price-candles.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { TokenSupplyRepository } from '../read-models/token-supply/token-supply.repository.js';

/** Windows longer than this are drawn from hourly candles instead of every reading. */
const RAW_HISTORY_MAX_DAYS = 1;

const iso = (date: Date) => date.toISOString();

@Injectable()
export class PricesService {
  private readonly chains: readonly ChainName[];

  constructor(
    private readonly prices: PriceHistoryRepository,
    private readonly candles: PriceCandlesRepository,
    private readonly chainSettings: ChainSettingsRepository,
    private readonly silver: SilverPricesRepository,
    private readonly supplies: TokenSupplyRepository,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.chains = activeNetworks(networks).map((n) => n.name);
  }

  async latest(): Promise<LatestPricesResponse> {
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

  async history({ token, chain, days }: PriceHistoryQuery): Promise<PriceHistoryResponse> {
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

  async silverLatest(): Promise<SilverLatestResponse> {
    const now = this.clock();
    const latest = await this.silver.latest();
    if (!latest) throw new ApiError(404, 'no_silver_data', NO_SILVER_DATA_MESSAGE);
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

  async silverHistory({ days }: SilverHistoryQuery): Promise<SilverHistoryResponse> {
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

  async publicPrices(query: PublicPricesQuery): Promise<PublicPricesResponse> {
    const rows = await this.prices.publicPrices(query);
    const items = rows.map((row) => ({
      token_name: row.token_name as TokenName,
      chain_name: row.chain_name as ChainName,
      price: row.price,
      timestamp: iso(row.timestamp),
    }));
    return {
      items,
      count: items.length,
      limit: query.limit,
      filters: {
        token: query.token,
        chain: query.chain,
        from: query.from ? iso(query.from) : null,
        to: query.to ? iso(query.to) : null,
      },
    };
  }
}
