import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import { Observable, Subject } from 'rxjs';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog, StoredEvent, Subscription } from '../event-log/event-log.js';
import { Metrics } from '../metrics/metrics.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { PricesService } from '../prices/prices.service.js';
import { SilverService } from '../silver/silver.service.js';
import { SiteService } from '../site/site.service.js';
import { type LiveTopic, liveTopicOf, projectionsOf } from './live-messages.js';

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
  /** Aborted at shutdown: a batch waiting for read models the stopping projector will not move gives up at once. */
  private readonly stopping = new AbortController();

  private connected = 0;

  /** Each subscriber is one connected client; it stops counting when its connection closes (or is aborted). */
  readonly messages$ = new Observable<StreamEvent>((subscriber) => {
    this.connected += 1;
    this.metrics.liveStreamClients.inc();
    const subscription = this.messages.subscribe(subscriber);
    return () => {
      this.connected -= 1;
      this.metrics.liveStreamClients.dec();
      subscription.unsubscribe();
    };
  });

  /** Clients connected to GET /api/stream in this process. */
  clients(): number {
    return this.connected;
  }

  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    private readonly progress: ProjectionProgress,
    private readonly pricesService: PricesService,
    private readonly silverService: SilverService,
    private readonly site: SiteService,
    private readonly metrics: Metrics,
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
    this.stopping.abort();
    await this.subscription?.stop();
    this.messages.complete();
  }

  private async publish(batch: readonly StoredEvent[]): Promise<void> {
    const waits = new Map<string, number>();
    const prices = new Set<string>();
    const topics = new Set<LiveTopic>();
    // The items changed, in log order, each named once.
    const news = new Set<string>();
    const calendar = new Set<string>();
    for (const { sequence, event } of batch) {
      for (const projection of projectionsOf(event.type)) waits.set(projection, sequence);
      const topic = liveTopicOf(event.type);
      if (topic !== null) topics.add(topic);
      if (event.type === 'price.ticked') prices.add(priceKey(event.data.token, event.data.chain));
      if (event.type === 'news.created' || event.type === 'news.updated' || event.type === 'news.deleted') news.add(event.data.newsId);
      if (event.type === 'calendar-event.created' || event.type === 'calendar-event.updated' || event.type === 'calendar-event.deleted') {
        calendar.add(event.data.eventId);
      }
    }
    if (waits.size === 0) return;
    await Promise.all(
      [...waits].map(([projection, sequence]) =>
        this.progress.waitFor(projection, sequence, PROJECTION_WAIT_MS, this.stopping.signal).catch(() => {
          if (!this.stopping.signal.aborted) this.logger.warn(`${projection} is behind; sending live updates before it catches up`);
        }),
      ),
    );
    // Shutting down: the clients' connections are closing, nothing is sent any more.
    if (this.stopping.signal.aborted) return;
    // Each message carries what the REST route answers now (parsed from the same in-memory bytes), so
    // clients put it in place as it is and never compute a number themselves. One message per
    // token and chain, silver and site, whatever the batch held: each carries the whole state.
    if (topics.has('price')) {
      const latest = (await this.pricesService.latest()).parse();
      for (const row of latest.items) {
        if (row.price !== null && row.timestamp !== null && prices.has(priceKey(row.token_name, row.chain_name))) {
          this.messages.next({ type: 'price', data: { ...row, price: row.price, timestamp: row.timestamp } });
        }
      }
    }
    if (topics.has('silver')) {
      const silver = (await this.silverService.latest()).parse();
      if (silver !== null) this.messages.next({ type: 'silver', data: silver });
    }
    if (topics.has('site')) this.messages.next({ type: 'site', data: (await this.site.current()).parse() });
    // Lists: clients refetch them; news and calendar name the item that changed, one message each
    // (a chain change also moves its price cards' status).
    for (const id of news) this.messages.next({ type: 'news', data: { id } });
    for (const id of calendar) this.messages.next({ type: 'calendar', data: { id } });
    if (topics.has('chain')) this.messages.next({ type: 'chain', data: {} });
    if (topics.has('contact')) this.messages.next({ type: 'contact', data: {} });
  }
}

const priceKey = (token: string, chain: string) => `${token}|${chain}`;
