import { describe, expect, it } from 'vitest';
import { FixedWindows } from './fixed-windows.js';

describe('FixedWindows', () => {
  it('allows max requests from the first one on, then refuses until the window ends', () => {
    const windows = new FixedWindows(3, 60_000, 100);
    expect(windows.take('a', 1_000)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    expect(windows.take('a', 2_000)).toEqual({ allowed: true, limit: 3, remaining: 1, resetSeconds: 59 });
    expect(windows.take('a', 30_500)).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 31 });
    expect(windows.take('a', 60_999)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 1 });
    // Another key has its own window.
    expect(windows.take('b', 60_999).remaining).toBe(2);
    // The window of 'a' ended at 61 s: a new one starts with its next request.
    expect(windows.take('a', 61_000)).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('keeps at most maxKeys windows: a new key takes the place of one that ended, else it is refused until the first ends', () => {
    const windows = new FixedWindows(5, 60_000, 3);
    windows.take('a', 0);
    windows.take('b', 10_000);
    windows.take('c', 20_000);
    // All three are running: made-up keys buy nothing, and memory stays put.
    for (let i = 0; i < 10_000; i += 1) {
      expect(windows.take(`made-up-${i}`, 30_000)).toEqual({ allowed: false, limit: 5, remaining: 0, resetSeconds: 30 });
    }
    expect(windows.size).toBe(3);
    expect(windows.take('a', 30_000).remaining).toBe(3);
    // At 60 s the window of 'a' has ended: 'd' takes its place, and 'b' and 'c' keep theirs.
    expect(windows.take('d', 60_000).allowed).toBe(true);
    expect(windows.size).toBe(3);
    expect(windows.take('b', 60_000).remaining).toBe(3);
    expect(windows.take('a', 60_000).allowed).toBe(false);
  });
});
