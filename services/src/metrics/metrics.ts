import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { SeriesHistogram } from './series-histogram.js';

/** Seconds buckets for requests and appends: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds buckets for RPC calls, which cross the internet: 10 ms to 30 s. */
const RPC_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Runs just before a scrape, to set gauges that are cheaper to read than to keep current. */
export type MetricsCollector = () => void | Promise<void>;

/**
 * Every metric Silverboard exports, in one place, on one registry per application (tests run
 * several applications in one process, and a process-wide registry would refuse the second).
 * Names follow Prometheus conventions: base units, `_total` counters, `_seconds` durations.
 * Labels never carry secrets: RPC endpoints are labelled by scheme and host only.
 * The ops listener (`ops/ops-server.ts`) serves `scrape()` on XSD_METRICS_PORT.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly collectors: MetricsCollector[] = [];

  readonly httpRequestDuration = new SeriesHistogram({
    name: 'xsd_http_request_duration_seconds',
    help: 'HTTP requests by method, route template (never the raw path) and status class (2xx, 4xx...).',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registry: this.registry,
  });

  readonly eventLogAppends = new Counter({
    name: 'xsd_event_log_appends_total',
    help: 'Events appended to the event log by this process (duplicates included).',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  readonly eventLogAppendDuration = new SeriesHistogram({
    name: 'xsd_event_log_append_duration_seconds',
    help: 'Time to append one event or one batch (appendMany) to the event log.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registry: this.registry,
  });
  readonly eventLogHeadSequence = new Gauge({
    name: 'xsd_event_log_head_sequence',
    help: 'Sequence of the newest event in the log, read at scrape time.',
    registers: [this.registry],
  });

  readonly projectionCheckpointSequence = new Gauge({
    name: 'xsd_projection_checkpoint_sequence',
    help: "Last event sequence a projection committed (its checkpoint).",
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  readonly projectionLagEvents = new Gauge({
    name: 'xsd_projection_lag_events',
    help: "Events in the log a projection has not applied yet (head minus checkpoint).",
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  readonly projectionLagSeconds = new Gauge({
    name: 'xsd_projection_lag_seconds',
    help: 'Age of the oldest event a projection has not applied yet; 0 when it is caught up.',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  readonly projectionDeadLetters = new Counter({
    name: 'xsd_projection_dead_letters_total',
    help: 'Events a projection could not apply after every retry, set aside as dead letters.',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly ingestorRpcRequests = new Counter({
    name: 'xsd_ingestor_rpc_requests_total',
    help: 'RPC requests per chain and endpoint (scheme and host; /… marks a hidden path) by outcome (ok or why it was judged failed).',
    labelNames: ['chain', 'endpoint', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly ingestorRpcDuration = new SeriesHistogram({
    name: 'xsd_ingestor_rpc_duration_seconds',
    help: 'Duration of RPC requests per chain and endpoint, whatever their outcome.',
    labelNames: ['chain', 'endpoint'] as const,
    buckets: RPC_BUCKETS,
    registry: this.registry,
  });
  readonly ingestorLastSuccess = new Gauge({
    name: 'xsd_ingestor_last_success_timestamp_seconds',
    help: 'Unix time of the last price this process accepted for a chain; until the first, when it began reading the chain.',
    labelNames: ['chain'] as const,
    registers: [this.registry],
  });
  readonly ingestorTicksRejected = new Counter({
    name: 'xsd_ingestor_ticks_rejected_total',
    help: 'Prices read but not published, per chain and reason (the jump filter, an outvoted outlier...).',
    labelNames: ['chain', 'reason'] as const,
    registers: [this.registry],
  });

  readonly notifierPushes = new Counter({
    name: 'xsd_notifier_pushes_total',
    help: 'Web pushes by outcome: sent, failed, or pruned (the push service said the subscription is gone).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly notifierOutboxSize = new Gauge({
    name: 'xsd_notifier_outbox_size',
    help: 'Triggers waiting in the outbox to be sent.',
    registers: [this.registry],
  });
  readonly notifierRulesEvaluated = new Counter({
    name: 'xsd_notifier_rules_evaluated_total',
    help: 'Alert rules evaluated against new prices and events.',
    registers: [this.registry],
  });

  readonly ready = new Gauge({
    name: 'xsd_ready',
    help: 'Whether this process is ready (1) or not (0), from the same checks as GET /readyz, at scrape time.',
    registers: [this.registry],
  });

  readonly liveStreamClients = new Gauge({
    name: 'xsd_live_stream_clients',
    help: 'Clients connected to the live event stream (/api/stream) of this process.',
    registers: [this.registry],
  });
  readonly analyticsBufferedBeacons = new Gauge({
    name: 'xsd_analytics_buffered_beacons',
    help: 'Analytics beacons accepted and waiting in memory for the next batch write.',
    registers: [this.registry],
  });
  readonly analyticsDroppedBeacons = new Counter({
    name: 'xsd_analytics_dropped_beacons_total',
    help: 'Analytics beacons answered 202 but dropped, by the limit they exceeded (per visitor id or per client address).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly leadershipLost = new Counter({
    name: 'xsd_leadership_lost_total',
    help: 'Leads this process lost, by election (projector, notifier, channel-relay): the session holding its database lock ended, and it stood down for a standby.',
    labelNames: ['election'] as const,
    registers: [this.registry],
  });
  readonly signInRefusals = new Counter({
    name: 'xsd_sign_in_refusals_total',
    help: 'Staff sign-ins refused, by reason (wrong credentials, locked, busy...).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /**
   * `processMetrics` adds Node's own (event-loop lag, heap, GC, handles, CPU, memory): once per
   * process that serves metrics, not for every application a test starts (each would add its
   * own GC and event-loop observers).
   */
  constructor(options: { readonly processMetrics: boolean }) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Adds work to run before each scrape (gauges read from the database or the log). */
  addCollector(collector: MetricsCollector): void {
    this.collectors.push(collector);
  }

  /** The exposition text. A collector that fails leaves its gauges at their last value. */
  async scrape(): Promise<string> {
    await Promise.allSettled(this.collectors.map(async (collect) => collect()));
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
