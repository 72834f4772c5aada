import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4].map((retry) => backoffDelay(retry, 1_000, 8_000))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, 1_000, 30_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000,
    ]);
  });
});
