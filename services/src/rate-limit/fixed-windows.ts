/** A client's place in its window: whether this request is allowed, and what the RateLimit-* headers say. */
export interface WindowStanding {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  readonly resetSeconds: number;
}

interface Window {
  count: number;
  readonly endsAt: number;
}

/**
 * `max` requests per key per window of `windowMs`, the window starting at the key's first request,
 * in this process's memory. At most `maxKeys` windows are kept, so made-up keys cost bounded
 * memory. Windows are kept in the order they started, all of one length, so the first ends first:
 * a new key takes its place once it has ended, and until then new keys are refused (until that
 * first window ends), so rotating through more keys than fit never buys fresh windows.
 */
export class FixedWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Counts one request of `key` at `nowMs`. */
  take(key: string, nowMs: number): WindowStanding {
    let window = this.windows.get(key);
    if (window !== undefined && window.endsAt <= nowMs) {
      this.windows.delete(key);
      window = undefined;
    }
    if (window === undefined) {
      const full = this.windows.size >= this.maxKeys ? this.forgetEnded(nowMs) : null;
      if (full !== null) return this.standing(false, this.max, full.endsAt, nowMs);
      window = { count: 0, endsAt: nowMs + this.windowMs };
      this.windows.set(key, window);
    }
    const allowed = window.count < this.max;
    if (allowed) window.count += 1;
    return this.standing(allowed, window.count, window.endsAt, nowMs);
  }

  get size(): number {
    return this.windows.size;
  }

  /** Forgets the windows that have ended, oldest first; the first one still running when none has. */
  private forgetEnded(nowMs: number): Window | null {
    for (const [key, window] of this.windows) {
      if (window.endsAt > nowMs) return this.windows.size >= this.maxKeys ? window : null;
      this.windows.delete(key);
    }
    return null;
  }

  private standing(allowed: boolean, count: number, endsAt: number, nowMs: number): WindowStanding {
    return { allowed, limit: this.max, remaining: this.max - count, resetSeconds: Math.max(1, Math.ceil((endsAt - nowMs) / 1000)) };
  }
}
