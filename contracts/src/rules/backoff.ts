/**
 * Exponential back-off, the one rule for every retry: the chain reader and the ingestor
 * (services), the web app's live stream and the CLI's. The spec's re-subscribe is 1 s doubled
 * per attempt, capped at 30 s ({@link STREAM_RESUBSCRIBE_BACKOFF}).
 */
export interface BackoffPolicy {
  /** Delay before the first retry (attempt 0). */
  readonly baseMs: number;
  /** No delay is longer. */
  readonly maxMs: number;
  /** Growth per attempt; default 2 (doubling). */
  readonly factor?: number;
  /**
   * Share of each delay drawn at random, 0 (default, exact delays) to 1: with 0.5 a 4 s delay
   * falls anywhere in 2 to 4 s, so many clients cut off together do not retry together.
   */
  readonly jitter?: number;
}

/** The spec's live-stream re-subscribe: 1 s, 2 s, 4 s, … at most 30 s. */
export const STREAM_RESUBSCRIBE_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 30_000 };

/**
 * Delay before retry `attempt` (0-based: the retries already made): base x factor^attempt,
 * capped, less a random share of it when the policy has jitter. `random` is uniform in [0, 1)
 * (inject a seeded one in tests).
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const { baseMs, maxMs, factor = 2, jitter = 0 } = policy;
  const exact = Math.min(maxMs, baseMs * factor ** Math.max(0, attempt));
  const share = Math.min(1, Math.max(0, jitter));
  return share === 0 ? exact : exact * (1 - share * random());
}

/**
 * How long an HTTP `Retry-After` (delta seconds or an HTTP date) asks to wait, in milliseconds
 * from `nowMs` (never negative); null when absent or unreadable. Callers cap it to their needs.
 */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | null {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  // An HTTP date names its day and month (`Wed, 21 Oct 2015 07:28:00 GMT`); '-5' is no date.
  const at = /[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
