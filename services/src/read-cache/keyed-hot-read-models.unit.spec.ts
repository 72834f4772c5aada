import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { ProjectionProgress } from '../core/projection-progress.js';
import { KeyedHotReadModels } from './keyed-hot-read-models.js';
import { ENTRY_OVERHEAD_BYTES, ReadCacheBudget } from './read-cache-budget.js';

/** Progress as the projector reports it in this process; no checkpoint rows are read. */
function progress(): ProjectionProgress {
  return new ProjectionProgress({ get: async () => 0 } as never);
}

/** An answer of `size` bytes once serialised: a JSON string of size - 2 characters. */
const answerOf = (size: number, mark: string) => mark.padEnd(size - 2, '.');

/** Keyed answers of the given sizes per key, counting the reads of each key. */
function keyedAnswers(budget: ReadCacheBudget, sizes: Record<string, number>, options: { followsCommits?: (key: string) => boolean } = {}) {
  const reads = new Map<string, number>();
  const projections = progress();
  const models = new KeyedHotReadModels<string, string>(projections, {
    budget,
    tables: ['price_history'],
    maxAgeMs: 60_000,
    key: (key) => key,
    load: async (key) => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return answerOf(sizes[key], key);
    },
    followsCommits: options.followsCommits,
  });
  return { models, projections, readsOf: (key: string) => reads.get(key) ?? 0 };
}

describe('ReadCacheBudget with KeyedHotReadModels', () => {
  it('counts each answer by its bytes and drops the least recently used once the budget is passed', async () => {
    const budget = new ReadCacheBudget(3 * (1000 + ENTRY_OVERHEAD_BYTES));
    const { models, readsOf } = keyedAnswers(budget, { a: 1000, b: 1000, c: 1000, d: 1000 });
    for (const key of ['a', 'b', 'c']) expect((await models.get(key)).body.length).toBe(1000);
    expect(budget.usedBytes).toBe(3 * (1000 + ENTRY_OVERHEAD_BYTES));
    expect(budget.entries).toBe(3);

    await models.get('a'); // a is now the most recently used: b is the least
    expect(readsOf('a')).toBe(1);
    await models.get('d');
    expect(budget.entries).toBe(3);
    expect(budget.usedBytes).toBeLessThanOrEqual(budget.maxBytes);

    // a, c and d are still held; b was dropped and is read again.
    for (const key of ['a', 'c', 'd']) await models.get(key);
    expect([readsOf('a'), readsOf('c'), readsOf('d')]).toEqual([1, 1, 1]);
    await models.get('b');
    expect(readsOf('b')).toBe(2);
  });

  it('drops as many small answers as one large answer needs, and counts compressed forms', async () => {
    const budget = new ReadCacheBudget(4 * (2000 + ENTRY_OVERHEAD_BYTES) + 1000);
    const { models, readsOf } = keyedAnswers(budget, { s1: 2000, s2: 2000, s3: 2000, s4: 2000, big: 8000 });
    for (const key of ['s1', 's2', 's3', 's4']) await models.get(key);
    expect(budget.entries).toBe(4);
    await models.get('big');
    // 8,000 + overhead leaves room for one of the small ones beside it: the most recent.
    expect(budget.entries).toBe(2);
    await models.get('s4');
    expect(readsOf('s4')).toBe(1);
    await models.get('s1');
    expect(readsOf('s1')).toBe(2);

    const before = budget.usedBytes;
    const answer = await models.get('s1');
    const gzip = answer.negotiate('gzip');
    expect(gzip?.encoding).toBe('gzip');
    expect(budget.usedBytes).toBe(before + gzip!.body.length);
  });

  it('counts an entry at least what it takes in memory, so a flood of tiny answers stays within the budget', async () => {
    // The empty-answer case is the one the overhead bounds: varied windows over a table with no
    // rows made 125,000 entries of 2 bytes (RSS 600 MB) when an entry was counted 512 bytes.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const count = 20_000;
    const keys = Array.from({ length: count }, (_, i) => `v1-candles|BANKX|Avalanche|1h|2026-${String(i).padStart(6, '0')}T13:00:00.000Z|2026-11-28T20:00:00.000Z|1000`);
    const budget = new ReadCacheBudget(Number.MAX_SAFE_INTEGER);
    const models = new KeyedHotReadModels<string, unknown[]>(progress(), {
      budget, tables: ['price_candles'], maxAgeMs: 60_000, key: (key) => key, load: async () => [],
    });
    gc();
    const before = process.memoryUsage().heapUsed;
    for (const key of keys) await models.get(key);
    gc();
    const perEntry = (process.memoryUsage().heapUsed - before) / count;
    expect(budget.entries).toBe(count);
    expect(perEntry).toBeGreaterThan(ENTRY_OVERHEAD_BYTES / 8); // the measurement measured something
    expect(perEntry).toBeLessThan(ENTRY_OVERHEAD_BYTES);
  });

  it('keeps the answer in use even when it alone is larger than the budget', async () => {
    const budget = new ReadCacheBudget(1000);
    const { models, readsOf } = keyedAnswers(budget, { small: 200, huge: 5000 });
    await models.get('small');
    expect((await models.get('huge')).body.length).toBe(5000);
    expect(budget.entries).toBe(1);
    await models.get('huge');
    expect(readsOf('huge')).toBe(1);
    await models.get('small');
    expect(budget.entries).toBe(1);
    expect(budget.usedBytes).toBe(200 + ENTRY_OVERHEAD_BYTES);
  });

  it('reads an answer no commit can change again only when it is old, one that can at each commit', async () => {
    const budget = new ReadCacheBudget(1_000_000);
    const { models, projections, readsOf } = keyedAnswers(budget, { closed: 100, open: 100 }, { followsCommits: (key) => key === 'open' });
    await models.get('closed');
    await models.get('open');
    projections.advanced('price_history', 1);
    await models.get('closed');
    await models.get('open');
    expect(readsOf('closed')).toBe(1);
    expect(readsOf('open')).toBe(2);
  });

  it('reads at most its number of answers at once; the others wait their turn, first come first served', async () => {
    const budget = new ReadCacheBudget(1_000_000, 2);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const read = (key: string) =>
      budget.read(
        () =>
          new Promise<string>((resolve) => {
            started.push(key);
            finish.set(key, () => resolve(key));
          }),
      );
    const answers = ['a', 'b', 'c', 'd'].map(read);
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    finish.get('b')!();
    expect(await answers[1]).toBe('b');
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c']));
    finish.get('a')!();
    finish.get('c')!();
    await vi.waitFor(() => expect(started).toEqual(['a', 'b', 'c', 'd']));
    finish.get('d')!();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees an answer it dropped or replaced once the turn is over, and one a response sends once the response closes', async () => {
    // 100 kB answers: each has memory of its own (below 4 kB, Buffer.from shares Node's pool).
    const size = 100_000;
    const budget = new ReadCacheBudget(2 * (size + ENTRY_OVERHEAD_BYTES));
    const { models, projections } = keyedAnswers(budget, { a: size, b: size, c: size, d: size });
    const a = await models.get('a');
    await models.get('b');
    await models.get('c'); // drops a, the least recently used
    expect(budget.entries).toBe(2);
    // Still whole in the turn that dropped it: a request that got it in this turn sends it whole.
    expect(a.body.length).toBe(size);
    await nextTurn();
    expect(a.body.length).toBe(0);

    // A commit makes b stale; its reload replaces it.
    const b = await models.get('b');
    projections.advanced('price_history', 1);
    const newerB = await models.get('b');
    expect(newerB).not.toBe(b);
    await nextTurn();
    expect(b.body.length).toBe(0);
    expect(newerB.body.length).toBe(size);

    // A response sending c (over a real socket) keeps it until the response closes, dropped or not.
    const c = await models.get('c');
    const server = createServer();
    const sending = new Promise<ServerResponse>((resolve) => {
      server.once('request', (_request, response: ServerResponse) => {
        c.sendingOn(response);
        resolve(response);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const received = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then((r) => r.arrayBuffer());
      const response = await sending;
      await models.get('d');
      await models.get('b'); // c is dropped now
      await nextTurn();
      expect(c.body.length).toBe(size);
      response.end(c.body);
      const body = Buffer.from(await received);
      expect(body.equals(Buffer.from(JSON.stringify(answerOf(size, 'c'))))).toBe(true);
      await vi.waitFor(() => expect(c.body.length).toBe(0));
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
