import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, GateFullError } from './concurrency-gate.js';

/** A task the test finishes by hand. */
function controlled() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    task: async () => {
      started = true;
      await done;
      return 'done';
    },
    finish,
    started: () => started,
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('given free slots, then tasks start at once', async () => {
    const gate = new ConcurrencyGate(2, 0);
    const [a, b] = [controlled(), controlled()];
    const runs = [gate.run(a.task), gate.run(b.task)];
    await settle();
    expect([a.started(), b.started()]).toEqual([true, true]);
    a.finish();
    b.finish();
    expect(await Promise.all(runs)).toEqual(['done', 'done']);
  });

  it('given every slot taken, then newcomers wait their turn in order, and past the queue they are refused at once', async () => {
    const gate = new ConcurrencyGate(1, 2);
    const tasks = [controlled(), controlled(), controlled()];
    const runs = tasks.map(({ task }) => gate.run(task));
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(GateFullError);
    await settle();
    expect(tasks.map(({ started }) => started())).toEqual([true, false, false]);

    tasks[0].finish();
    await settle();
    expect(tasks.map(({ started }) => started())).toEqual([true, true, false]);
    // A newcomer now queues behind the third task instead of jumping it.
    const fourth = controlled();
    const fourthRun = gate.run(fourth.task);
    tasks[1].finish();
    await settle();
    expect([tasks[2].started(), fourth.started()]).toEqual([true, false]);
    tasks[2].finish();
    fourth.finish();
    expect(await Promise.all([...runs, fourthRun])).toEqual(['done', 'done', 'done', 'done']);
    // Drained: a full burst fits again.
    const again = [controlled(), controlled(), controlled()];
    const againRuns = again.map(({ task }) => gate.run(task));
    await settle();
    expect(again.map(({ started }) => started())).toEqual([true, false, false]);
    for (const { finish } of again) finish();
    expect(await Promise.all(againRuns)).toEqual(['done', 'done', 'done']);
  });

  it('frees the slot of a task that failed', async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('refuses a gate without a slot', () => {
    expect(() => new ConcurrencyGate(0, 1)).toThrow(RangeError);
  });
});
