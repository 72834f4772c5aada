import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import type { AppConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { APP_CONFIG, DATABASE } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import { type PrunedRows, pruneAnalytics } from '../read-models/analytics/analytics.retention.js';
import { windowStart } from './analytics-statistics.js';

export const ANALYTICS_RETENTION_AUTOSTART = Symbol('ANALYTICS_RETENTION_AUTOSTART');
/** Hourly: a day's raw rows go within the hour the window passes them, and right after a rebuild wrote them back. */
export const ANALYTICS_PRUNE_MS = 3_600_000;
/** Rows per DELETE: a short statement, so the projector and the reads interleave with a large prune. */
const PRUNE_BATCH = 5_000;
/** The Analytics tab's longest window: a visitor last seen before it never counts again. */
const LONGEST_WINDOW_DAYS = 365;

/**
 * Keeps the raw analytics rows for XSD_ANALYTICS_RAW_DAYS (the rollups keep every day) and the
 * visitors table to the longest window. The log keeps every beacon, so a rebuild writes old raw
 * rows back: the prune at start and every hour removes them again. Runs with the projector (the
 * `projector` and `all` roles); replicas are safe, a delete twice removes nothing more.
 */
@Injectable()
export class AnalyticsRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnalyticsRetention.name);
  private started = false;
  private running: Promise<PrunedRows> | null = null;

  constructor(
    @Inject(DATABASE) private readonly database: Pick<DatabaseHandle, 'db'>,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'analyticsRawDays'>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ANALYTICS_RETENTION_AUTOSTART) private readonly autostart: boolean,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.autostart) return;
    this.started = true;
    void this.run();
  }

  onApplicationShutdown(): void {
    this.started = false;
  }

  @Interval('analytics-retention', ANALYTICS_PRUNE_MS)
  async onInterval(): Promise<void> {
    if (this.started) await this.run();
  }

  /** One prune (a second call while one runs joins it): raw rows older than the window, stale visitors. */
  prune(): Promise<PrunedRows> {
    const now = this.clock();
    this.running ??= pruneAnalytics(
      this.database.db,
      new Date(now.getTime() - this.config.analyticsRawDays * 86_400_000),
      windowStart(now, LONGEST_WINDOW_DAYS),
      PRUNE_BATCH,
    ).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A failed prune is logged and tried again at the next hour. */
  private async run(): Promise<void> {
    try {
      const pruned = await this.prune();
      if (pruned.visits + pruned.events + pruned.visitors > 0) {
        this.logger.log(`pruned ${pruned.visits} visits and ${pruned.events} events older than ${this.config.analyticsRawDays} days, ${pruned.visitors} visitors`);
      }
    } catch (error) {
      this.logger.error(`prune failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
