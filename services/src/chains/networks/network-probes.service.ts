import { Inject, Injectable } from '@nestjs/common';
import type { ChainName, NetworkConfig } from '@xsd/contracts';
import {
  NETWORK_PROBE_TIMEOUT_MS,
  TRADING_APP_PROBE_TIMEOUT_MS,
  TRADING_APP_URL,
  type BlockNumberProbe,
  type TradingAppProbe,
} from '@xsd/contracts/api/networks';
import { NETWORKS } from '../rpc/chains.module.js';
import { rpcRequest } from '../rpc/json-rpc.js';
import { CLOCK, type Clock } from '../../core/clock.js';

/** A visitor's check costs at most one outgoing call per target in this window. */
const PROBE_CACHE_MS = 10_000;

interface Cached<T> {
  readonly at: number;
  readonly answer: Promise<T>;
}

/**
 * The system check's probes of things outside this server: a chain's RPC endpoints (the first
 * that answers eth_blockNumber) and the trading app. Answers are shared for a few seconds, so
 * visitors cannot make the server call out more often than that.
 */
@Injectable()
export class NetworkProbesService {
  private readonly cache = new Map<string, Cached<unknown>>();

  constructor(
    @Inject(NETWORKS) private readonly networks: readonly NetworkConfig[],
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  blockNumber(chain: ChainName): Promise<BlockNumberProbe> {
    return this.shared(`rpc:${chain}`, async () => {
      const urls = this.networks.find((n) => n.name === chain)?.rpcUrls ?? [];
      const started = performance.now();
      for (const url of urls) {
        try {
          const hex = await rpcRequest<string>(url, 'eth_blockNumber', [], { timeoutMs: NETWORK_PROBE_TIMEOUT_MS });
          const block = Number.parseInt(hex, 16);
          if (Number.isSafeInteger(block)) return { chain, reachable: true, block_number: block, latency_ms: Math.round(performance.now() - started) };
        } catch {
          // The next endpoint, as the chain readers fall back.
        }
      }
      return { chain, reachable: false, block_number: null, latency_ms: Math.round(performance.now() - started) };
    });
  }

  tradingApp(): Promise<TradingAppProbe> {
    return this.shared('trading-app', async () => {
      try {
        await fetch(TRADING_APP_URL, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(TRADING_APP_PROBE_TIMEOUT_MS) });
        return { url: TRADING_APP_URL, reachable: true, timed_out: false };
      } catch (error) {
        const timedOut = (error as { name?: string }).name === 'TimeoutError';
        return { url: TRADING_APP_URL, reachable: false, timed_out: timedOut };
      }
    });
  }

  private shared<T>(key: string, probe: () => Promise<T>): Promise<T> {
    const now = this.clock().getTime();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < PROBE_CACHE_MS) return hit.answer as Promise<T>;
    const answer = probe();
    this.cache.set(key, { at: now, answer });
    return answer;
  }
}
