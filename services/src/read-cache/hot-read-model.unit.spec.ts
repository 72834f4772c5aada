import { describe, expect, it } from 'vitest';
import { ProjectionProgress } from '../core/projection-progress.js';
import { HotReadModel } from './hot-read-model.js';

/** Progress as the projector reports it in this process; no checkpoint rows are read. */
function progress(): ProjectionProgress {
  return new ProjectionProgress({ get: async () => 0 } as never);
}

/** A load that answers only when the test says so, recording each call. */
function controlledLoad() {
  const calls: { resolve: (value: number) => void }[] = [];
  const load = () => new Promise<number>((resolve) => calls.push({ resolve }));
  return { calls, load };
}

describe('HotReadModel', () => {
  it('reads once while nothing changes, and serves the same bytes and ETag, held ones without a promise', async () => {
    let reads = 0;
    const model = new HotReadModel(progress(), { tables: ['price_history'], maxAgeMs: 60_000, load: async () => ++reads });
    const reading = model.get();
    expect(reading).toBeInstanceOf(Promise);
    const first = await reading;
    const second = model.get();
    expect(second).not.toBeInstanceOf(Promise);
    expect(reads).toBe(1);
    expect(second).toBe(first);
    expect(first.body.toString()).toBe('1');
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('reads again once a projection writing one of its tables commits', async () => {
    const projections = progress();
    let reads = 0;
    const model = new HotReadModel(projections, { tables: ['price_history'], maxAgeMs: 60_000, load: async () => ++reads });
    expect((await model.get()).parse()).toBe(1);
    projections.advanced('silver_prices', 5); // another table's projection: still fresh
    expect((await model.get()).parse()).toBe(1);
    projections.advanced('price_history', 7);
    expect((await model.get()).parse()).toBe(2);
    expect((await model.get()).parse()).toBe(2);
  });

  it('stays fresh when its projection only moved past events it does not apply, and reads again after a rebuild', async () => {
    const projections = progress();
    let reads = 0;
    const model = new HotReadModel(projections, { tables: ['price_history'], maxAgeMs: 60_000, load: async () => ++reads });
    projections.advanced('price_history', 4);
    expect((await model.get()).parse()).toBe(1);
    projections.advanced('price_history', 9, false); // a batch of news and push events: no row changed
    expect((await model.get()).parse()).toBe(1);
    projections.advanced('price_history', 10, true);
    expect((await model.get()).parse()).toBe(2);
    projections.reset('price_history'); // a rebuild empties the table
    expect((await model.get()).parse()).toBe(3);
    projections.advanced('price_history', 2, false); // rebuilt from the start: still at the rebuilt answer
    expect((await model.get()).parse()).toBe(3);
  });

  it('reads again when older than maxAgeMs, for answers that move with the clock alone', async () => {
    let now = 1_000;
    let reads = 0;
    const model = new HotReadModel(progress(), { tables: ['site_settings'], maxAgeMs: 10_000, now: () => now, load: async () => ++reads });
    await model.get();
    now += 9_999;
    expect((await model.get()).parse()).toBe(1);
    now += 1;
    expect((await model.get()).parse()).toBe(2);
  });

  it('shares one read among concurrent requests', async () => {
    const { calls, load } = controlledLoad();
    const model = new HotReadModel(progress(), { tables: ['price_history'], maxAgeMs: 60_000, load });
    const answers = Promise.all([model.get(), model.get(), model.get()]);
    expect(calls).toHaveLength(1);
    calls[0].resolve(42);
    expect((await answers).map((answer) => answer.parse())).toEqual([42, 42, 42]);
  });

  it('never hands a request that came after a commit the read that began before it (read-your-writes)', async () => {
    const projections = progress();
    const { calls, load } = controlledLoad();
    const model = new HotReadModel(projections, { tables: ['price_history'], maxAgeMs: 60_000, load });
    const before = model.get(); // reads the rows as they were before the commit
    projections.advanced('price_history', 3); // a command's change is now visible and reported done
    const after = model.get();
    expect(calls).toHaveLength(2);
    calls[1].resolve(2);
    calls[0].resolve(1);
    expect((await before).parse()).toBe(1);
    expect((await after).parse()).toBe(2);
    // The older read, finishing last, did not replace the newer answer.
    expect((await model.get()).parse()).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('reads tables that no projection writes again for every request, since nothing tells it they changed', async () => {
    let reads = 0;
    // A name no projection writes, whatever projections the product has.
    const unwritten = 'a_table_no_projection_writes' as never;
    const model = new HotReadModel(progress(), { tables: [unwritten], maxAgeMs: 60_000, load: async () => ++reads });
    expect((await model.get()).parse()).toBe(1);
    expect((await model.get()).parse()).toBe(2);
  });

  it('tells its callers a failed read and tries again on the next request', async () => {
    let fail = true;
    const model = new HotReadModel(progress(), {
      tables: ['price_history'],
      maxAgeMs: 60_000,
      load: async () => {
        if (fail) throw new Error('database away');
        return 'ok';
      },
    });
    await expect(model.get()).rejects.toThrow('database away');
    fail = false;
    expect((await model.get()).parse()).toBe('ok');
  });
});
