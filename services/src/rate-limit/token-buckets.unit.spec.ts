import { describe, expect, it } from 'vitest';
import { clientKey, TokenBuckets } from './token-buckets.js';

describe('TokenBuckets', () => {
  it('lets a full bucket through at once, then refills at the rate', () => {
    const buckets = new TokenBuckets({ perMinute: 30 }, 100);
    const taken = Array.from({ length: 40 }, () => buckets.take('a', 0)).filter(Boolean).length;
    expect(taken).toBe(30);
    // One token every 2 s.
    expect(buckets.take('a', 1_999)).toBe(false);
    expect(buckets.take('a', 2_000)).toBe(true);
    expect(buckets.take('a', 2_000)).toBe(false);
    // Other keys have their own bucket.
    expect(buckets.take('b', 2_000)).toBe(true);
    // A clock stepping back refills nothing.
    expect(buckets.take('a', 0)).toBe(false);
  });

  it('keeps at most maxKeys buckets: a new key replaces the oldest once that one has refilled, else it is refused', () => {
    const buckets = new TokenBuckets({ perMinute: 1 }, 3);
    for (const key of ['a', 'b', 'c']) expect(buckets.take(key, 0)).toBe(true);
    // All three are still spending: more made-up keys buy nothing, and memory stays put.
    for (let i = 0; i < 10_000; i += 1) expect(buckets.take(`made-up-${i}`, 0)).toBe(false);
    expect(buckets.size).toBe(3);
    expect(buckets.take('a', 0)).toBe(false);
    // A minute on, 'b' (now the oldest) is full again: forgetting it loses nothing.
    expect(buckets.take('d', 60_000)).toBe(true);
    expect(buckets.size).toBe(3);
    expect(buckets.take('a', 60_000)).toBe(true);
  });
});

describe('clientKey', () => {
  it('keeps IPv4, groups IPv6 by its /64, and unwraps IPv4-mapped addresses', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
