import { describe, expect, it } from 'vitest';
import { createBatchQueue } from './batch-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createBatchQueue', () => {
  it('runs at most `size` tasks at once and pauses between batches', async () => {
    const pauses: number[] = [];
    const queue = createBatchQueue({ size: 2, pauseMs: 100, sleep: async (ms) => void pauses.push(ms) });
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, deferred);
    const results = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[0]!.resolve();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2, 3]);
    gates.forEach((gate) => gate.resolve());
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(pauses).toEqual([100, 100]);
  });

  it('rejects only the failing task', async () => {
    const queue = createBatchQueue({ size: 4, pauseMs: 0 });
    const failing = queue.run(() => Promise.reject(new Error('boom')));
    const fine = queue.run(() => Promise.resolve('ok'));
    await expect(failing).rejects.toThrow('boom');
    await expect(fine).resolves.toBe('ok');
  });
});
