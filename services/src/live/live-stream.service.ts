import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import { Subject } from 'rxjs';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog, StoredEvent, Subscription } from '../event-log/event-log.js';
import { ProjectionProgress } from '../projector/projection-progress.js';
import { SiteSettingsRepository } from '../read-models/site-settings/site-settings.repository.js';
import { PROJECTION_OF, toStreamMessage } from './live-messages.js';

/** How long a message waits for its read model before it is sent anyway. */
const PROJECTION_WAIT_MS = 10_000;

/**
 * Follows the event log from "now" and turns what clients care about into stream messages. A
 * message goes out only once its read model shows the change, so a client that refetches on it
 * sees the new rows. Each API process follows with an ephemeral consumer of its own, so a process
 * that is killed leaves no consumer behind (JetStream drops it after its inactivity threshold).
 */
@Injectable()
export class LiveStreamService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LiveStream');
  private readonly messages = new Subject<StreamEvent>();
  /** Unique among running processes; shows in logs and in JetStream's consumer list. */
  private readonly consumer = `live_${hostname().replace(/[^A-Za-z0-9_-]/g, '_')}_${process.pid}`;
  private subscription: Subscription | null = null;

  readonly messages$ = this.messages.asObservable();

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    private readonly progress: ProjectionProgress,
    private readonly siteSettings: SiteSettingsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const from = (await this.log.lastSequence()) + 1;
    this.subscription = await this.log.subscribe(
      this.consumer,
      { fromSequence: from, maxBatch: 500, ephemeral: true },
      (batch) => this.publish(batch),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.messages.complete();
  }

  private async publish(batch: readonly StoredEvent[]): Promise<void> {
    const relevant = batch.filter((stored) => PROJECTION_OF[stored.event.type] !== undefined);
    if (relevant.length === 0) return;
    const waits = new Map<string, number>();
    for (const { sequence, event } of relevant) waits.set(PROJECTION_OF[event.type]!, sequence);
    await Promise.all(
      [...waits].map(([projection, sequence]) =>
        this.progress.waitFor(projection, sequence, PROJECTION_WAIT_MS).catch(() => {
          this.logger.warn(`${projection} is behind; sending live updates before it catches up`);
        }),
      ),
    );
    let siteSent = false;
    for (const { event } of relevant) {
      const message = toStreamMessage(event);
      if (message === null) continue;
      if (message.type === 'site') {
        // One site message carries the whole state; later ones in the batch would repeat it.
        if (siteSent) continue;
        siteSent = true;
        this.messages.next({ type: 'site', data: await this.siteSettings.current() });
      } else {
        this.messages.next(message as StreamEvent);
      }
    }
  }
}
