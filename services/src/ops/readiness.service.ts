import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../core/clock.js';
import { DATABASE, EVENT_LOG } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import type { EventLog } from '../event-log/event-log.js';
import { PricesService } from '../prices/prices.service.js';
import { Projector } from '../projector/projector.js';
import type { Awaitable } from '../read-cache/hot-value.js';

/** A projection further behind than this (the age of the first event it has not applied) is not ready. */
export const MAX_PROJECTION_LAG_SECONDS = 30;
/** Each check gets this long: a database or log that does not answer in time is as good as down. */
export const CHECK_TIMEOUT_MS = 2_000;

type Failed = { readonly ok: false; readonly error: string };
/** A check this process has no part for (no projector, no API): said so, never counted as passed or failed. */
type Skipped = { readonly skipped: string };

export interface ProjectionBehind {
  readonly name: string;
  readonly checkpoint: number;
  readonly lagEvents: number;
  readonly lagSeconds: number;
}

export interface ReadinessReport {
  readonly status: 'ready' | 'not_ready';
  readonly checks: {
    readonly database: { readonly ok: true; readonly kind: string; readonly latencyMs: number } | Failed;
    readonly eventLog: { readonly ok: true; readonly adapter: string; readonly stream: string; readonly lastSequence: number } | Failed;
    /** `behind`: the projections not at the head yet, each within the limit when `ok`. */
    readonly projections:
      | { readonly ok: boolean; readonly head: number; readonly maxLagSeconds: number; readonly behind: readonly ProjectionBehind[] }
      | Failed
      | Skipped;
    /** The API's hot answer of the latest prices (loaded by this check if it was not yet). */
    readonly readModels: { readonly ok: true; readonly latestPrices: { readonly items: number } } | Failed | Skipped;
  };
}

/** `{ status: 'ok' }` while the process runs: /livez asks nothing of the database or the log. */
export const LIVENESS = { status: 'ok' } as const;

function failed(error: unknown): Failed {
  return { ok: false, error: error instanceof Error ? error.message : String(error) };
}

async function within<T>(work: Awaitable<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process can do its work now (GET /readyz): the database answers, the log answers,
 * the projections this process runs are within 30 s of the log's head, and the API's hot read
 * model answers. A role without a projector or without the API skips that check. Concurrent
 * probes share one run, so a flood of them costs one set of queries at a time.
 */
@Injectable()
export class ReadinessService {
  private running: Promise<ReadinessReport> | null = null;

  constructor(
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly modules: ModuleRef,
  ) {}

  report(): Promise<ReadinessReport> {
    this.running ??= this.check().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async check(): Promise<ReadinessReport> {
    const [database, eventLog, projections, readModels] = await Promise.all([
      this.checkDatabase(),
      within(this.log.info(), 'the event log').then(
        (info) => ({ ok: true as const, adapter: info.adapter, stream: info.stream, lastSequence: info.lastSequence }),
        failed,
      ),
      this.checkProjections(),
      this.checkReadModels(),
    ]);
    const checks = { database, eventLog, projections, readModels };
    const ready = Object.values(checks).every((check) => !('ok' in check) || check.ok);
    return { status: ready ? 'ready' : 'not_ready', checks };
  }

  private async checkDatabase(): Promise<ReadinessReport['checks']['database']> {
    const started = performance.now();
    try {
      await within(sql`select 1`.execute(this.database.db), 'the database');
      return { ok: true, kind: this.database.kind, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return failed(error);
    }
  }

  private async checkProjections(): Promise<ReadinessReport['checks']['projections']> {
    const projector = this.find(Projector);
    if (projector === null) return { skipped: 'this process runs no projections' };
    try {
      const { head, projections } = await within(projector.lag(this.clock()), 'the projections');
      const behind = projections
        .filter((projection) => projection.events > 0)
        .map(({ name, checkpoint, events, seconds }) => ({ name, checkpoint, lagEvents: events, lagSeconds: Math.round(seconds) }));
      const ok = projections.every((projection) => projection.seconds <= MAX_PROJECTION_LAG_SECONDS);
      return { ok, head, maxLagSeconds: MAX_PROJECTION_LAG_SECONDS, behind };
    } catch (error) {
      return failed(error);
    }
  }

  private async checkReadModels(): Promise<ReadinessReport['checks']['readModels']> {
    const prices = this.find(PricesService);
    if (prices === null) return { skipped: 'this process serves no API' };
    try {
      const latest = await within(prices.latest(), 'the latest prices');
      return { ok: true, latestPrices: { items: latest.parse().items.length } };
    } catch (error) {
      return failed(error);
    }
  }

  /** A provider of another module of this process's role, or null when the role has none. */
  private find<T>(type: abstract new (...args: never[]) => T): T | null {
    try {
      return this.modules.get(type, { strict: false });
    } catch {
      return null;
    }
  }
}
