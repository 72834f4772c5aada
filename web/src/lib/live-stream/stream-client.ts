import { parseStreamEvent, STREAM_EVENT_TYPES, type StreamEvent, type StreamEventType } from '@xsd/contracts/api/stream';
import { backoffDelay, type BackoffPolicy, STREAM_RESUBSCRIBE_BACKOFF } from '@xsd/contracts/rules/backoff';

/**
 * The live-stream connection with the spec's rules (section 4):
 * - `connected` on a successful subscription and whenever an update (a price or silver reading)
 *   arrives;
 * - `offline` when no update came for 2 minutes (checked every 60 s) or the connection failed,
 *   then a re-subscribe is tried: up to 3 attempts, back-off 1 s doubled per attempt, capped at 30 s;
 *   the counter resets on a successful subscription;
 * - `closed` once the attempts are used up (the next stale check starts a new round) or when stopped.
 * Keep-alive pings and the refetch signals (news, chain, site) are not updates: a stream that
 * carries only those goes offline like a silent one.
 * Pure of the DOM: the event source and the clock are injected, so tests drive it with fakes.
 */
export type ConnectionState = 'connecting' | 'connected' | 'offline' | 'closed';

export interface StreamSource {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface StreamPolicy {
  readonly staleAfterMs: number;
  readonly checkEveryMs: number;
  readonly maxAttempts: number;
  readonly backoff: BackoffPolicy;
}

export const STREAM_POLICY: StreamPolicy = {
  staleAfterMs: 2 * 60_000,
  checkEveryMs: 60_000,
  maxAttempts: 3,
  backoff: STREAM_RESUBSCRIBE_BACKOFF,
};

/** The events that are updates: the readings the indicator is about. */
const UPDATE_TYPES: ReadonlySet<StreamEventType> = new Set(['price', 'silver']);

export interface LiveStreamClientOptions {
  readonly url: string;
  readonly createSource: (url: string) => StreamSource;
  readonly onEvent: (event: StreamEvent) => void;
  readonly onStateChange: (state: ConnectionState) => void;
  readonly scheduler?: Scheduler;
  readonly policy?: Partial<StreamPolicy>;
}

const browserScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export class LiveStreamClient {
  private readonly scheduler: Scheduler;
  private readonly policy: StreamPolicy;
  private source: StreamSource | null = null;
  private state: ConnectionState = 'closed';
  private attempts = 0;
  private retryTimer: unknown = null;
  private watchdog: unknown = null;
  private lastUpdateAt = 0;
  private running = false;

  constructor(private readonly options: LiveStreamClientOptions) {
    this.scheduler = options.scheduler ?? browserScheduler;
    this.policy = { ...STREAM_POLICY, ...options.policy };
  }

  getState(): ConnectionState {
    return this.state;
  }

  /** Re-subscribe attempts made since the last successful subscription. */
  getAttempts(): number {
    return this.attempts;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempts = 0;
    this.open();
    this.watchdog = this.scheduler.setInterval(() => this.checkStale(), this.policy.checkEveryMs);
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.clearRetry();
    if (this.watchdog !== null) this.scheduler.clearInterval(this.watchdog);
    this.watchdog = null;
    this.closeSource();
    this.setState('closed');
  }

  /** Reconnect now with a fresh attempt counter (network back online, tab visible again, user asked). */
  reconnect(): void {
    if (!this.running) return;
    this.clearRetry();
    this.closeSource();
    this.attempts = 0;
    this.open();
  }

  private open(): void {
    this.setState('connecting');
    this.lastUpdateAt = this.scheduler.now();
    let source: StreamSource;
    try {
      source = this.options.createSource(this.options.url);
    } catch {
      this.resubscribe();
      return;
    }
    this.source = source;
    const current = () => this.source === source;
    source.addEventListener('open', () => {
      if (!current()) return;
      this.attempts = 0;
      this.lastUpdateAt = this.scheduler.now();
      this.setState('connected');
    });
    source.addEventListener('error', () => {
      if (!current()) return;
      this.closeSource();
      this.resubscribe();
    });
    for (const type of STREAM_EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        if (!current()) return;
        const parsed = parseStreamEvent(type, String((event as MessageEvent).data ?? ''));
        if (!parsed) return;
        if (UPDATE_TYPES.has(parsed.type)) {
          this.lastUpdateAt = this.scheduler.now();
          this.setState('connected');
        }
        this.options.onEvent(parsed);
      });
    }
  }

  private resubscribe(): void {
    if (!this.running || this.retryTimer !== null) return;
    if (this.attempts >= this.policy.maxAttempts) {
      this.setState('closed');
      return;
    }
    const delay = backoffDelay(this.attempts, this.policy.backoff);
    this.attempts += 1;
    this.setState('offline');
    this.retryTimer = this.scheduler.setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.open();
    }, delay);
  }

  private checkStale(): void {
    if (!this.running || this.retryTimer !== null) return;
    if (this.scheduler.now() - this.lastUpdateAt < this.policy.staleAfterMs) return;
    // A new round of attempts after the previous one gave up.
    if (this.state === 'closed') this.attempts = 0;
    this.closeSource();
    this.resubscribe();
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.scheduler.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private closeSource(): void {
    this.source?.close();
    this.source = null;
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    this.state = next;
    this.options.onStateChange(next);
  }
}
