import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteDialect } from './pglite-dialect.js';
import { PgliteThread, PgliteWorkerStoppedError } from './pglite-thread.js';

describe('PgliteThread', () => {
  let pglite: PgliteThread;
  let db: Kysely<any>;

  beforeAll(async () => {
    pglite = await PgliteThread.open();
    db = new Kysely<any>({ dialect: new PgliteDialect({ pglite }) });
    await sql`create table log (seq serial primary key, entry text not null)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('parses values as the pg pool does, and carries Date, bytes and JSON across the thread', async () => {
    const photo = new Uint8Array([0, 1, 2, 250, 255]);
    const at = new Date('2026-03-01T12:34:56.789Z');
    const { rows } = await sql<Record<string, unknown>>`
      select 9007199254740991::int8 as big, 12.5::numeric as price, '2026-03-01'::date as day,
             ${at}::timestamptz as at, ${photo}::bytea as photo, '{"a":[1,"b"]}'::jsonb as doc,
             null::int8 as nothing`.execute(db);

    expect(rows).toEqual([{ big: 9007199254740991, price: 12.5, day: '2026-03-01', at, photo, doc: { a: [1, 'b'] }, nothing: null }]);
    expect(rows[0].at).toBeInstanceOf(Date);
    expect(rows[0].photo).toBeInstanceOf(Uint8Array);
  });

  it('keeps PostgreSQL error fields and the error message', async () => {
    await expect(sql`select 1 / 0`.execute(db)).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
  });

  it('refuses a parameter that cannot cross the thread, without hanging', async () => {
    await expect(pglite.query('select $1::text', [() => 1])).rejects.toThrow(/could not be cloned/);
    expect((await sql<{ n: number }>`select 1 as n`.execute(db)).rows).toEqual([{ n: 1 }]);
  });

  it('serves a read after the open transaction, before a burst of waiting writers', async () => {
    const order: string[] = [];
    let read: Promise<unknown> | undefined;
    const writers = Array.from({ length: 10 }, (_, writer) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into log (entry) values (${`write ${writer}`})`.execute(trx);
        // The first holder lets a reader arrive while every other writer waits for the session.
        if (writer === 0) read = sql`select count(*)::int as n from log`.execute(db).then(() => order.push('read'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push(`commit ${writer}`);
      }),
    );
    await Promise.all(writers);
    await read;

    expect(order.slice(0, 3)).toEqual(['commit 0', 'read', 'commit 1']);
    expect(order).toHaveLength(11);
  });
});

describe('PgliteThread, stopped', () => {
  it('fails a database that cannot open, promptly', async () => {
    await expect(PgliteThread.open(undefined, new Blob([new Uint8Array(4096).fill(7)]))).rejects.toThrow();
  });

  it('answers every call after close with a clear error, and closes twice', async () => {
    const pglite = await PgliteThread.open();
    const pending = pglite.query('select 1 as n', []);
    await pglite.close();
    await pglite.close();

    expect(await pending).toMatchObject({ rows: [{ n: 1 }] });
    await expect(pglite.query('select 1', [])).rejects.toThrow(new PgliteWorkerStoppedError('The embedded database is closed'));
  });
});
