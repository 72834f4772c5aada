import type { AnyEvent } from '@xsd/contracts';
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventLog,
  EventLogInfo,
  ScannedEvent,
  StoredEvent,
  SubscribeOptions,
  Subscription,
} from '../event-log/event-log.js';
import type { Metrics } from '../metrics/metrics.js';

/**
 * The event log as CoreModule hands it out: appends counted by type and timed by operation, and
 * the head sequence read at each scrape. Wrapping it here keeps both adapters free of metrics.
 */
export class InstrumentedEventLog implements EventLog {
  constructor(
    private readonly log: EventLog,
    private readonly metrics: Metrics,
  ) {
    metrics.addCollector(async () => {
      metrics.eventLogHeadSequence.set(await log.lastSequence());
    });
  }

  get adapter(): EventLog['adapter'] {
    return this.log.adapter;
  }

  get stream(): string {
    return this.log.stream;
  }

  async append(event: AnyEvent, options?: AppendOptions): Promise<AppendResult> {
    const started = performance.now();
    const result = await this.log.append(event, options);
    this.metrics.eventLogAppendDuration.observe({ operation: 'append' }, (performance.now() - started) / 1000);
    this.metrics.eventLogAppends.inc({ type: event.type });
    return result;
  }

  async appendMany(events: readonly AnyEvent[]): Promise<AppendResult[]> {
    const started = performance.now();
    const results = await this.log.appendMany(events);
    this.metrics.eventLogAppendDuration.observe({ operation: 'append_many' }, (performance.now() - started) / 1000);
    const byType = new Map<string, number>();
    for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    for (const [type, count] of byType) this.metrics.eventLogAppends.inc({ type }, count);
    return results;
  }

  read(fromSequence: number, limit: number): Promise<StoredEvent[]> {
    return this.log.read(fromSequence, limit);
  }

  scan(fromSequence: number, throughSequence: number, pageSize: number): AsyncGenerator<ScannedEvent[]> {
    return this.log.scan(fromSequence, throughSequence, pageSize);
  }

  readSubject(subject: string): Promise<StoredEvent[]> {
    return this.log.readSubject(subject);
  }

  subjectSequence(subject: string): Promise<number> {
    return this.log.subjectSequence(subject);
  }

  lastSequence(): Promise<number> {
    return this.log.lastSequence();
  }

  info(): Promise<EventLogInfo> {
    return this.log.info();
  }

  subscribe(name: string, options: SubscribeOptions, handler: BatchHandler): Promise<Subscription> {
    return this.log.subscribe(name, options, handler);
  }

  deleteConsumer(name: string): Promise<void> {
    return this.log.deleteConsumer(name);
  }

  close(): Promise<void> {
    return this.log.close();
  }
}
