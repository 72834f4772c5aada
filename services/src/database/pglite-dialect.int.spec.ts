import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PgliteDialect } from './pglite-dialect.js';
import { PgliteThread } from './pglite-thread.js';

interface TestTables {
  counter: { id: number; value: number };
  steps: { seq: number | undefined; tx: number; step: number };
  items: { id: number; label: string };
}

/** Yields to the event loop so that other pending work gets a turn to interleave. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('PgliteDialect', () => {
  let db: Kysely<TestTables>;

  beforeAll(async () => {
    db = new Kysely<TestTables>({ dialect: new PgliteDialect({ pglite: await PgliteThread.open() }) });
    await sql`
      create table counter (id int primary key, value int not null);
      create table steps (seq serial primary key, tx int not null, step int not null);
      create table items (id int primary key, label text not null);`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
  });

  beforeEach(async () => {
    await sql`truncate counter, steps, items; insert into counter values (1, 0);`.execute(db);
  });

  it('queues concurrent transactions: none sees or writes inside another', async () => {
    const transactions = 8;
    const stepsEach = 4;
    const timeline: string[] = [];

    await Promise.all(
      Array.from({ length: transactions }, (_, tx) =>
        db.transaction().execute(async (trx) => {
          timeline.push(`begin ${tx}`);
          // Read-modify-write with pauses between: interleaved on one session, the updates of
          // the others would be lost (all would read the same value).
          const { value } = await trx.selectFrom('counter').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
          for (let step = 0; step < stepsEach; step++) {
            await trx.insertInto('steps').values({ tx, step }).execute();
            await yieldToOthers();
          }
          await trx.updateTable('counter').set({ value: value + 1 }).where('id', '=', 1).execute();
          timeline.push(`commit ${tx}`);
        }),
      ),
    );

    const counter = await db.selectFrom('counter').select('value').executeTakeFirstOrThrow();
    expect(counter.value).toBe(transactions);

    // Each transaction's rows form one unbroken run in insertion order.
    const steps = await db.selectFrom('steps').select(['tx', 'step']).orderBy('seq').execute();
    expect(steps).toHaveLength(transactions * stepsEach);
    for (let i = 0; i < steps.length; i += stepsEach) {
      const run = steps.slice(i, i + stepsEach);
      expect(run.map((row) => row.tx)).toEqual(Array(stepsEach).fill(run[0].tx));
      expect(run.map((row) => row.step)).toEqual([0, 1, 2, 3]);
    }

    // And in JavaScript: every begin is followed by its own commit before the next begin.
    for (let i = 0; i < timeline.length; i += 2) {
      const tx = timeline[i].split(' ')[1];
      expect(timeline.slice(i, i + 2)).toEqual([`begin ${tx}`, `commit ${tx}`]);
    }
  });

  it('makes a query outside a transaction wait until the open transaction ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;

    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, label: 'inside' }).execute();
      outside = db
        .selectFrom('items')
        .selectAll()
        .execute()
        .then((rows) => {
          order.push(`outside saw ${rows.length}`);
        });
      for (let i = 0; i < 5; i++) {
        await trx.selectFrom('items').selectAll().execute();
        await yieldToOthers();
      }
      order.push('commit');
    });
    await outside;

    expect(order).toEqual(['commit', 'outside saw 1']);
  });

  it('rolls back a transaction whose callback throws, and serves the next one', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 1, label: 'doomed' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');

    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
    await db.transaction().execute((trx) => trx.insertInto('items').values({ id: 2, label: 'kept' }).execute());
    expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'kept' }]);
  });

  it('rolls back a transaction a statement failed in, and leaves the session usable', async () => {
    await db.insertInto('items').values({ id: 1, label: 'first' }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 2, label: 'second' }).execute();
        await trx.insertInto('items').values({ id: 1, label: 'duplicate' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });

    expect(await db.selectFrom('items').select('id').orderBy('id').execute()).toEqual([{ id: 1 }]);
    // A query on an aborted session would fail with 25P02; this one must not.
    expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'first' }]);
  });

  it('rolls back to a savepoint of a controlled transaction', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('items').values({ id: 1, label: 'kept' }).execute();
    const savepoint = await trx.savepoint('before_mistake').execute();
    await savepoint.insertInto('items').values({ id: 2, label: 'undone' }).execute();
    await savepoint.rollbackToSavepoint('before_mistake').execute();
    await trx.commit().execute();

    expect(await db.selectFrom('items').select('label').execute()).toEqual([{ label: 'kept' }]);
  });

  it('reports affected rows and runs parameterless multi-statement SQL', async () => {
    const inserted = await db
      .insertInto('items')
      .values([
        { id: 1, label: 'a' },
        { id: 2, label: 'b' },
      ])
      .executeTakeFirstOrThrow();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const updated = await db.updateTable('items').set({ label: 'c' }).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);

    const { rows } = await sql<{ n: number }>`insert into items values (3, 'c'); select count(*)::int as n from items`.execute(db);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('refuses streaming', async () => {
    const stream = db.selectFrom('items').selectAll().stream();
    await expect(stream.next()).rejects.toThrow('not supported');
    // The connection went back: the next query runs.
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
  });
});
