import { describe, expect, it } from 'vitest';
import { backoffDelay, STREAM_RESUBSCRIBE_BACKOFF } from './backoff.js';

describe('backoffDelay', () => {
  it("follows the spec's re-subscribe: 1 s doubled per attempt, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => backoffDelay(attempt, STREAM_RESUBSCRIBE_BACKOFF))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('takes another base, factor and cap, and treats a negative attempt as the first', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, { baseMs: 100, maxMs: 1_000, factor: 3 }))).toEqual([100, 300, 900, 1_000]);
    expect(backoffDelay(-1, { baseMs: 100, maxMs: 1_000 })).toBe(100);
  });

  it('draws a share of the delay at random with jitter, never above the exact delay', () => {
    const policy = { baseMs: 1_000, maxMs: 30_000, jitter: 0.5 };
    expect(backoffDelay(2, policy, () => 0)).toBe(4_000);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(3_000);
    expect(backoffDelay(2, policy, () => 0.999_999)).toBeCloseTo(2_000, 0);
    expect(backoffDelay(9, { ...policy, jitter: 7 }, () => 0.5)).toBe(15_000);
  });
});
