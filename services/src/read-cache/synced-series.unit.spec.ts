import { describe, expect, it } from 'vitest';
import { ProjectionProgress } from '../core/projection-progress.js';
import { inReadLane, onReadLane } from '../database/read-lane.js';
import { SyncedSeries } from './synced-series.js';

interface Row {
  readonly span: number;
  readonly at: number;
}

const KEYS = ['a', 'b', 'c'] as const;
const ROWS = [1_000, 2_000, 3_000];

/** A table of three keys with the same rows, telling for each whole read which keys it read and on which pool. */
function series() {
  const reads: { keys: string[]; onLane: boolean }[] = [];
  const source = new SyncedSeries<string, Row>(new ProjectionProgress({ get: async () => 0 } as never), {
    projection: 'table',
    keys: KEYS,
    bounds: async (keys) => keys.map(() => ({ oldest: ROWS[0], newest: ROWS[ROWS.length - 1] })),
    read: async (spans) => {
      if (spans.some((span) => span.fromMs === ROWS[0])) reads.push({ keys: spans.map((span) => span.key), onLane: inReadLane() });
      return spans.flatMap(({ fromMs, toMs }, span) => ROWS.filter((at) => at >= (fromMs ?? -Infinity) && (toMs === null || at < toMs)).map((at) => ({ span, at })));
    },
    columns: [(row) => row.at],
    rereadMs: () => 0,
    loadSpanMs: () => 10_000,
  });
  return { source, reads };
}

describe('SyncedSeries', () => {
  it('reads the key a request waits for on the read lane, and the others in the background on the shared pool', async () => {
    const { source, reads } = series();
    const [held] = await onReadLane(() => source.get(['b']));
    expect(Array.from(held.columns[0].subarray(held.start, held.end))).toEqual(ROWS);
    // The background read of the rest is queued after the first: a read of them joins it.
    const rest = await source.get(['a', 'c']);
    expect(rest.map((columns) => columns.end - columns.start)).toEqual([3, 3]);
    expect(reads).toEqual([
      { keys: ['b'], onLane: true },
      { keys: ['a', 'c'], onLane: false },
    ]);
  });
});
