import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ProjectionProgress } from '../core/projection-progress.js';
import { inReadLane, onReadLane } from '../database/read-lane.js';
import { SyncedSeries } from './synced-series.js';

const KEYS = ['a', 'b', 'c'] as const;
const ROWS = [1_000, 2_000, 3_000];

/**
 * A table of three keys with the same rows, telling for each whole read which keys it read and on
 * which pool; reads on the shared pool wait for `release`.
 */
function series() {
  const reads: { keys: string[]; onLane: boolean }[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const source = new SyncedSeries<string>(new ProjectionProgress({ get: async () => 0 } as never), {
    projection: 'table',
    keys: KEYS,
    bounds: async (keys) => keys.map(() => ({ oldest: ROWS[0], newest: ROWS[ROWS.length - 1] })),
    read: async (spans) => {
      const onLane = inReadLane();
      if (spans.some((span) => span.fromMs === ROWS[0])) reads.push({ keys: spans.map((span) => span.key), onLane });
      if (!onLane) await released;
      return spans.map(({ fromMs, toMs }) => [Float64Array.from(ROWS.filter((at) => at >= (fromMs ?? -Infinity) && (toMs === null || at < toMs)))]);
    },
    columns: 1,
    rereadMs: () => 0,
    loadSpanMs: () => 10_000,
  });
  return { source, reads, release };
}

describe('SyncedSeries', () => {
  it('reads the key a request waits for on the read lane, and the others in the background on the shared pool', async () => {
    const { source, reads, release } = series();
    const [b] = await onReadLane(() => source.get(['b']));
    expect(Array.from(b.columns[0].subarray(b.start, b.end))).toEqual(ROWS);
    // The background's read of the rest has started and waits: a request for one of them does not.
    const [a] = await onReadLane(() => source.get(['a']));
    expect(Array.from(a.columns[0].subarray(a.start, a.end))).toEqual(ROWS);
    release();
    await setImmediate();
    // The background's read held what the request had not read; what it had, it left.
    const [aAgain, c] = await source.get(['a', 'c']);
    expect(aAgain).toBe(a);
    expect(c.end - c.start).toBe(3);
    expect(reads).toEqual([
      { keys: ['b'], onLane: true },
      { keys: ['a', 'c'], onLane: false },
      { keys: ['a'], onLane: true },
    ]);
  });
});
