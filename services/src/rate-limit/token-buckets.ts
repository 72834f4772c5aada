import { isIPv6 } from 'node:net';

/** A bucket's rate: `perMinute` takes a minute, and up to `perMinute` may come at once after a quiet minute. */
export interface BucketRate {
  readonly perMinute: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per key, in this process's memory, for limits on a hot path where a round trip to
 * a shared store would cost more than the work it guards. At most `maxKeys` buckets are kept, so
 * made-up keys cost bounded memory. A new key takes the place of the one used longest ago only
 * once that one has refilled (forgetting it loses nothing); until then new keys are refused, so
 * rotating through more keys than fit never buys fresh buckets.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly rate: BucketRate,
    private readonly maxKeys: number,
  ) {
    this.perMs = rate.perMinute / 60_000;
  }

  /** Takes one token of `key` at `nowMs`; false when its bucket is empty. */
  take(key: string, nowMs: number): boolean {
    const held = this.buckets.get(key);
    if (!held && this.buckets.size >= this.maxKeys && !this.forgetOldest(nowMs)) return false;
    const bucket = held ?? { tokens: this.rate.perMinute, at: nowMs };
    this.refill(bucket, nowMs);
    if (held) this.buckets.delete(key); // re-inserted below: the map's order stays "least recently used first"
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Forgets the bucket used longest ago if it is full again; false when it is still spending. */
  private forgetOldest(nowMs: number): boolean {
    const [key, bucket] = this.buckets.entries().next().value!;
    this.refill(bucket, nowMs);
    if (bucket.tokens < this.rate.perMinute) return false;
    this.buckets.delete(key);
    return true;
  }

  private refill(bucket: Bucket, nowMs: number): void {
    // A clock that steps back (or a test moving time) refills nothing.
    bucket.tokens = Math.min(this.rate.perMinute, bucket.tokens + Math.max(0, nowMs - bucket.at) * this.perMs);
    bucket.at = Math.max(bucket.at, nowMs);
  }

  get size(): number {
    return this.buckets.size;
  }
}

/**
 * The key of a client address for a per-client limit: an IPv4 address as it is, an IPv6 address
 * by its /64 (one host holds a whole /64), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function clientKey(address: string): string {
  // Most clients are IPv4, which has no colon: a tenth of a µs of isIPv6's pattern saved a request.
  if (!address.includes(':') || !isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
