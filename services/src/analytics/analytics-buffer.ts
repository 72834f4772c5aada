import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { AnyEvent } from '@xsd/contracts';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';

/** Appended at least this often while visits arrive, and at once when this many wait. */
export const ANALYTICS_FLUSH_MS = 100;
export const ANALYTICS_FLUSH_SIZE = 200;
/** Beyond this many waiting (the log is down), new visits are dropped rather than held in memory. */
const MAX_WAITING = 50_000;

/**
 * Visits are accepted into memory and appended to the log in batches, so a burst of visitors is a
 * few appends per second instead of one per beacon. The cost: a crash of this process loses at most
 * the visits of the last interval (ANALYTICS_FLUSH_MS), which analytics can afford; a clean shutdown
 * appends what is left. A failed append keeps the batch for the next try.
 */
@Injectable()
export class AnalyticsBuffer implements OnModuleDestroy {
  private readonly logger = new Logger(AnalyticsBuffer.name);
  private waiting: AnyEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  add(event: AnyEvent): void {
    if (this.waiting.length >= MAX_WAITING) return;
    this.waiting.push(event);
    if (this.waiting.length >= ANALYTICS_FLUSH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_MS);
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

  private async appendWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, ANALYTICS_FLUSH_SIZE);
      try {
        await this.log.appendMany(batch);
      } catch (error) {
        this.waiting.unshift(...batch);
        this.logger.warn(`Appending ${batch.length} analytics events failed; retrying later: ${String(error)}`);
        this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_MS * 4);
        return;
      }
    }
  }
}
