import { Inject, Injectable } from '@nestjs/common';
import { activeNetworks, TOKEN_NAMES, type ChainName, type NetworkConfig } from '@xsd/contracts';
import { isStalePrice, type ChainHealthStatus, type EndpointHealth } from '@xsd/contracts/api/health';
import { sql } from 'kysely';
import { NETWORKS } from '../chains/rpc/chains.module.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { DATABASE, EVENT_LOG } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import type { EventLog } from '../event-log/event-log.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';
import { IngestorStatusRepository } from '../read-models/ingestor-status/ingestor-status.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';

type Check<T> = ({ status: 'ok' } & T) | { status: 'down'; error: string };

export interface HealthReport {
  readonly status: 'ok' | 'degraded';
  readonly database: Check<{ kind: string; latencyMs: number }>;
  readonly eventLog: Check<{ adapter: string; stream: string; lastSequence: number }>;
  readonly projections: Check<{ items: { name: string; checkpoint: number; lag: number }[] }>;
  /**
   * Each active chain as the ingestor last saw it, `degraded` when one is not `ok`. Informational:
   * a chain that is down or stale does not make the API unhealthy (the HTTP status, which load
   * balancers act on), it shows here as `stale`, `retrying` or `stopped`.
   */
  readonly chains: Check<{ items: ChainHealth[] }> | { status: 'degraded'; items: ChainHealth[] };
}

export interface ChainHealth {
  readonly chain: ChainName;
  /**
   * `stale`: the newest accepted price is older than two ticks, though reads do not fail (every
   * answer refused, say); `unknown`: no ingestor has reported on this chain yet.
   */
  readonly status: ChainHealthStatus;
  /** The ingestor's last successful read of the chain (ISO 8601). */
  readonly lastTickAt: string | null;
  /** The newest accepted price of the chain in the read model (ISO 8601). */
  readonly lastPriceAt: string | null;
  /** How old that price is, in whole seconds; null without one. */
  readonly lastPriceAgeSeconds: number | null;
  readonly lastAttemptAt: string | null;
  readonly consecutiveFailures: number;
  /**
   * Why the last read failed; on an `ok` chain, a call that failed inside the last batch (a
   * reverting or missing contract), whose reading was left out.
   */
  readonly lastError: string | null;
  /** True after more than 5 consecutive failures: the ingestor stopped reading this chain. */
  readonly stopped: boolean;
  /** Each RPC endpoint as the ingestor judges it (scheme and host only). */
  readonly endpoints: readonly EndpointHealth[];
}

function failure(error: unknown): { status: 'down'; error: string } {
  return { status: 'down', error: error instanceof Error ? error.message : String(error) };
}

/** What an operator needs to see at a glance: can we store, can we log, are the views behind? */
@Injectable()
export class HealthService {
  private readonly chainNames: readonly ChainName[];

  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    private readonly checkpoints: CheckpointsRepository,
    private readonly ingestorStatus: IngestorStatusRepository,
    private readonly prices: PriceHistoryRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.chainNames = activeNetworks(networks).map((n) => n.name);
  }

  async report(): Promise<HealthReport> {
    const [database, eventLog, checkpoints, chains] = await Promise.all([
      this.checkDatabase(),
      this.log.info().then(
        (info) => ({ status: 'ok' as const, ...info }),
        (error: unknown) => failure(error),
      ),
      this.checkpoints.all().then(
        (map) => ({ ok: true as const, map }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      this.checkChains().catch((error: unknown) => failure(error)),
    ]);
    const projections: HealthReport['projections'] =
      checkpoints.ok && eventLog.status === 'ok'
        ? {
            status: 'ok',
            items: ALL_PROJECTIONS.map(({ name }) => {
              const checkpoint = checkpoints.map.get(name) ?? 0;
              return { name, checkpoint, lag: Math.max(0, eventLog.lastSequence - checkpoint) };
            }),
          }
        : failure(checkpoints.ok ? 'event log unavailable' : checkpoints.error);
    const healthy = [database, eventLog, projections].every((check) => check.status === 'ok');
    return { status: healthy ? 'ok' : 'degraded', database, eventLog, projections, chains };
  }

  private async checkChains(): Promise<HealthReport['chains']> {
    const pairs = TOKEN_NAMES.flatMap((token) => this.chainNames.map((chain) => ({ token, chain })));
    const now = this.clock();
    const [statuses, snapshots] = await Promise.all([this.ingestorStatus.all(), this.prices.snapshots(pairs, now)]);
    const byChain = new Map(statuses.map((s) => [s.chain, s]));
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    const items = this.chainNames.map((chain): ChainHealth => {
      const status = byChain.get(chain);
      const newest = snapshots
        .filter((s) => s.chain_name === chain && s.latest)
        .map((s) => s.latest!.timestamp.getTime())
        .sort((a, b) => b - a)[0];
      const read = status?.status ?? 'unknown';
      return {
        chain,
        status: read === 'ok' && isStalePrice(newest ?? null, now.getTime()) ? 'stale' : read,
        lastTickAt: iso(status?.lastSuccessAt ?? null),
        lastPriceAt: newest === undefined ? null : new Date(newest).toISOString(),
        lastPriceAgeSeconds: newest === undefined ? null : Math.max(0, Math.floor((now.getTime() - newest) / 1_000)),
        lastAttemptAt: iso(status?.lastAttemptAt ?? null),
        consecutiveFailures: status?.consecutiveFailures ?? 0,
        lastError: status?.lastError ?? null,
        stopped: status?.status === 'stopped',
        endpoints: status?.endpoints ?? [],
      };
    });
    const allOk = items.every((item) => item.status === 'ok' || item.status === 'unknown');
    return { status: allOk ? 'ok' : 'degraded', items };
  }

  private async checkDatabase(): Promise<HealthReport['database']> {
    const started = performance.now();
    try {
      await sql`select 1`.execute(this.database.db);
      return { status: 'ok', kind: this.database.kind, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return failure(error);
    }
  }
}
