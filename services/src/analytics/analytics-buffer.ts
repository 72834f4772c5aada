import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type AnyEvent, createEvent } from '@xsd/contracts';
import { ANALYTICS_BATCH_MAX, type CustomAnalyticsEvent, type PageView } from '@xsd/contracts/events/analytics-events';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { Metrics } from '../metrics/metrics.js';

/** Appended at least this often while visits arrive, and at once when a full batch waits. */
export const ANALYTICS_FLUSH_MS = 100;
/** Beyond this many waiting (the log is down), new visits are dropped rather than held in memory. */
const MAX_WAITING = 50_000;
const SYSTEM = { kind: 'system', id: 'analytics' } as const;

/**
 * Visits are accepted into memory and appended to the log as one event per batch, so a burst of
 * visitors is a few events a second instead of one per beacon. The cost: a crash of this process
 * loses at most the visits of the last interval (ANALYTICS_FLUSH_MS), which analytics can afford;
 * a clean shutdown appends what is left. A failed append keeps its events for the next try (the
 * same event ids, so a retry after a half-stored append stores nothing twice).
 */
@Injectable()
export class AnalyticsBuffer implements OnModuleDestroy {
  private readonly logger = new Logger(AnalyticsBuffer.name);
  private visits: PageView[] = [];
  private custom: CustomAnalyticsEvent[] = [];
  private unsent: AnyEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    metrics: Metrics,
  ) {
    metrics.addCollector(() => metrics.analyticsBufferedBeacons.set(this.buffered()));
  }

  addVisit(visit: PageView): void {
    if (this.waiting() >= MAX_WAITING) return;
    this.visits.push(visit);
    this.schedule(this.visits.length);
  }

  addEvent(event: CustomAnalyticsEvent): void {
    if (this.waiting() >= MAX_WAITING) return;
    this.custom.push(event);
    this.schedule(this.custom.length);
  }

  /** Appends everything waiting; resolves once it is in the log (or the append failed and was kept). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(() => this.appendWaiting());
    return this.flushing;
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  private waiting(): number {
    return this.visits.length + this.custom.length + this.unsent.length * ANALYTICS_BATCH_MAX;
  }

  /** Beacons held in memory, exactly: waiting for a batch, or in a batch whose append failed. */
  private buffered(): number {
    return this.visits.length + this.custom.length + this.unsent.reduce((sum, event) => sum + beaconsIn(event), 0);
  }

  private schedule(queued: number): void {
    if (queued >= ANALYTICS_BATCH_MAX) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_MS);
  }

  private async appendWaiting(): Promise<void> {
    const now = { actor: SYSTEM, now: this.clock() };
    for (let i = 0; i < this.visits.length; i += ANALYTICS_BATCH_MAX) {
      this.unsent.push(createEvent('analytics.page-views-recorded', { visits: this.visits.slice(i, i + ANALYTICS_BATCH_MAX) }, now));
    }
    for (let i = 0; i < this.custom.length; i += ANALYTICS_BATCH_MAX) {
      this.unsent.push(createEvent('analytics.events-recorded', { events: this.custom.slice(i, i + ANALYTICS_BATCH_MAX) }, now));
    }
    this.visits = [];
    this.custom = [];
    if (this.unsent.length === 0) return;
    try {
      await this.log.appendMany(this.unsent);
      this.unsent = [];
    } catch (error) {
      this.logger.warn(`Appending ${this.unsent.length} analytics batches failed; retrying later: ${String(error)}`);
      this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_MS * 10);
    }
  }
}

function beaconsIn(event: AnyEvent): number {
  if (event.type === 'analytics.page-views-recorded') return event.data.visits.length;
  if (event.type === 'analytics.events-recorded') return event.data.events.length;
  return 0;
}
