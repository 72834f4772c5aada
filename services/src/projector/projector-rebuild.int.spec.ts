import { sql } from 'kysely';
import { connect } from 'nats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceCandlesProjection } from '../read-models/price-candles/price-candles.projection.js';
import { priceHistoryProjection, priceHistoryProjectionFor } from '../read-models/price-history/price-history.projection.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { priceTicks } from '../testing/price-ticks.js';
import { tableChecksum } from '../testing/table-checksum.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { TEST_NATS_URL } from '../testing/test-stream.js';
import { waitFor } from '../testing/wait-for.js';
import { createShadow, SHADOW_VACUUM_DEAD_ROWS, shadowSchema, vacuumShadow } from './shadow-tables.js';

const TICKS = 3_000;
const TICK_PROJECTIONS = [priceHistoryProjection, priceCandlesProjection];

interface Answer {
  /** price_history: rows, and how many carry the marked (old) price. */
  readonly rows: number;
  readonly marked: number;
  /** price_candles: hourly candles, and the ticks they count. */
  readonly candles: number;
  readonly samples: number;
}

/** What a reader sees of both read models; each in one statement, as a route reads. */
async function read(pipeline: Pipeline): Promise<Answer> {
  const [history, candles] = await Promise.all([
    sql<{ rows: number; marked: number }>`
      select count(*)::int as rows, (count(*) filter (where price = 999999))::int as marked from price_history`.execute(pipeline.db),
    sql<{ candles: number; samples: number }>`
      select count(*)::int as candles, coalesce(sum(samples), 0)::int as samples from price_candles where bucket = '1h'`.execute(pipeline.db),
  ]);
  return { ...history.rows[0], ...candles.rows[0] };
}

describe.each<PipelineKind>(['embedded', 'jetstream'])('Projector rebuild on the %s pipeline', (kind) => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
    await pipeline.log.appendMany(priceTicks(TICKS));
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('given readers reading all along, when price_history and price_candles are rebuilt, then every answer is the complete old or the complete new read model', async () => {
    // Small pages: the rebuild spans many transactions, each a chance for a reader to see a part.
    const projector = pipeline.projector(TICK_PROJECTIONS, { rebuildPage: 100 });
    await projector.start();
    const head = await pipeline.log.lastSequence();
    await Promise.all(TICK_PROJECTIONS.map(({ name }) => pipeline.progress.waitFor(name, head, 30_000)));
    const rebuilt = await Promise.all(['price_history', 'price_candles'].map((table) => tableChecksum(pipeline.db, table)));
    // The old model, complete but marked, so an answer tells which model it came from.
    await sql`update price_history set price = 999999`.execute(pipeline.db);
    await sql`update price_candles set samples = samples * 1000`.execute(pipeline.db);
    const old = await read(pipeline);
    expect(old).toMatchObject({ rows: TICKS, marked: TICKS, samples: TICKS * 1000 });

    const answers: { answer: Answer; during: boolean }[] = [];
    let rebuilding = true;
    let reading = true;
    const readers = (async () => {
      while (reading) answers.push({ answer: await read(pipeline), during: rebuilding });
    })();
    const results = await projector.rebuildAll(['price_history', 'price_candles']);
    rebuilding = false;
    const after = answers.length;
    while (answers.length < after + 3) await read(pipeline).then((answer) => answers.push({ answer, during: false }));
    reading = false;
    await readers;

    const fresh = { rows: TICKS, marked: 0, candles: old.candles, samples: TICKS };
    const partial = answers.filter(({ answer }) => {
      const history = answer.rows === TICKS && (answer.marked === TICKS || answer.marked === 0);
      const candles = answer.candles === old.candles && (answer.samples === TICKS * 1000 || answer.samples === TICKS);
      return !history || !candles;
    });
    expect(partial).toEqual([]);
    expect(answers.filter(({ during }) => during).length).toBeGreaterThan(0);
    expect(answers[0].answer).toEqual(old);
    expect(answers[answers.length - 1].answer).toEqual(fresh);
    expect(results.map(({ name, sequence }) => ({ name, sequence }))).toEqual([
      { name: 'price_history', sequence: head },
      { name: 'price_candles', sequence: head },
    ]);
    expect(await Promise.all(['price_history', 'price_candles'].map((table) => tableChecksum(pipeline.db, table)))).toEqual(rebuilt);
  });

  it('given ticks appended while it replays, when it swaps in, then the live projection resumes after them and the rows equal a plain run', async () => {
    const projector = pipeline.projector(TICK_PROJECTIONS, { rebuildPage: 100 });
    await projector.start();
    let appended = false;
    const more = priceTicks(500, Date.parse('2026-03-01T00:00:00.000Z'));
    const rebuild = projector.rebuildAll(['price_history', 'price_candles'], {
      onProgress: ({ replayed }) => {
        if (replayed > 0 && !appended) {
          appended = true;
          void pipeline.log.appendMany(more);
        }
      },
    });
    await rebuild;
    // Within the raw readings' retention (90 days) of the first ticks: every row stays.
    await pipeline.log.appendMany(priceTicks(200, Date.parse('2026-03-15T00:00:00.000Z')));
    const head = await pipeline.log.lastSequence();
    expect(head).toBe(TICKS + 700);
    await Promise.all(TICK_PROJECTIONS.map(({ name }) => pipeline.progress.waitFor(name, head, 30_000)));
    const rebuiltThenLive = await Promise.all(['price_history', 'price_candles'].map((table) => tableChecksum(pipeline.db, table)));

    await projector.stop();
    const plain = pipeline.projector(TICK_PROJECTIONS);
    await plain.rebuildAll(['price_history', 'price_candles']);
    expect(await Promise.all(['price_history', 'price_candles'].map((table) => tableChecksum(pipeline.db, table)))).toEqual(rebuiltThenLive);
    expect(rebuiltThenLive[0].rows).toBe(TICKS + 700);
  });
});

describe.each<PipelineKind>(['embedded', 'jetstream'])('A rebuild that loads price_history with COPY, on the %s pipeline', (kind) => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('given ticks that pass the retention only in later pages, then its rows, keys and indexes equal a live run', async () => {
    const history = priceHistoryProjectionFor({ rawPriceDays: 1 });
    const day = Date.parse('2026-02-01T00:00:00.000Z');
    // 300 ticks at 0, 0.6 and 1.2 days: only the third's pages make the rows span more than the day
    // kept, and then the first 300 expire.
    for (const start of [day, day + 0.6 * 86_400_000, day + 1.2 * 86_400_000]) await pipeline.log.appendMany(priceTicks(300, start));
    const live = pipeline.projector([history], { maxBatch: 50 });
    await live.start();
    const head = await pipeline.log.lastSequence();
    await pipeline.progress.waitFor('price_history', head, 30_000);
    const liveRows = await tableChecksum(pipeline.db, 'price_history');
    const liveIndexes = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes where tablename = 'price_history' order by 1`.execute(pipeline.db);
    await live.stop();

    const rebuilder = pipeline.projector([history], { rebuildPage: 150 });
    await rebuilder.rebuild('price_history');

    expect(await tableChecksum(pipeline.db, 'price_history')).toEqual(liveRows);
    expect(liveRows.rows).toBe(600);
    const rebuiltIndexes = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes where tablename = 'price_history' order by 1`.execute(pipeline.db);
    expect(rebuiltIndexes.rows).toEqual(liveIndexes.rows);
  });
});

// Only JetStream can: the embedded log refuses a second copy of an id at any time.
describe('A rebuild on the jetstream pipeline, of a log holding an event twice', () => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await openPipeline('jetstream');
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('given an event stored again by a retry past the duplicate window, then the rebuilt table has it once, and its key', async () => {
    const ticks = priceTicks(400);
    await pipeline.log.appendMany(ticks);
    // A second copy of the 100th tick, stored as a retry would be once the server forgot its id.
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      await nc.jetstream().publish(`${pipeline.env.XSD_SUBJECT_PREFIX}${ticks[99].subject}`, JSON.stringify(ticks[99]));
    } finally {
      await nc.close();
    }
    expect(await pipeline.log.lastSequence()).toBe(401);

    const projector = pipeline.projector([priceHistoryProjection]);
    const [result] = await projector.rebuildAll(['price_history']);

    expect(result.sequence).toBe(401);
    const { rows } = await sql<{ rows: number; ids: number }>`
      select count(*)::int as rows, count(distinct id)::int as ids from price_history`.execute(pipeline.db);
    expect(rows[0]).toEqual({ rows: 400, ids: 400 });
    const key = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'price_history_pkey'`.execute(pipeline.db);
    expect(key.rows).toEqual([{ definition: 'PRIMARY KEY (id)' }]);
    // The live projection goes on from there with its upsert on the key.
    await projector.start();
    await pipeline.log.appendMany(priceTicks(5, Date.parse('2026-01-02T00:00:00.000Z')));
    await pipeline.progress.waitFor('price_history', 406, 30_000);
    expect(await tableChecksum(pipeline.db, 'price_history')).toMatchObject({ rows: 405 });
  });
});

describe('vacuumShadow on PostgreSQL', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await database.drop();
  });

  it('vacuums the shadow tables holding many dead rows (a rebuild prunes faster than autovacuum runs), and leaves the others', async () => {
    const db = database.handle.db;
    await createShadow(db, priceHistoryProjection);
    await createShadow(db, priceCandlesProjection);
    const history = sql.id(shadowSchema(priceHistoryProjection), 'price_history');
    const candles = sql.id(shadowSchema(priceCandlesProjection), 'price_candles');
    await sql`
      insert into ${history} (id, token_name, chain_name, price, timestamp)
      select gen_random_uuid(), 'XSD', 'Ethereum', 1, timestamp '2026-01-01' + n * interval '30 seconds'
      from generate_series(1, ${SHADOW_VACUUM_DEAD_ROWS + 1_000}) n`.execute(db);
    await sql`delete from ${history}`.execute(db);
    await sql`
      insert into ${candles} (token_name, chain_name, bucket, bucket_start, open, high, low, close, samples)
      select 'XSD', 'Ethereum', '5m', timestamp '2026-01-01' + n * interval '5 minutes', 1, 1, 1, 1, 1 from generate_series(1, 100) n`.execute(db);
    await sql`delete from ${candles}`.execute(db);
    const stats = async () => {
      await sql`select pg_stat_clear_snapshot()`.execute(db);
      const { rows } = await sql<{ table: string; dead: number; vacuumed: boolean }>`
        select relname as table, n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables
        where schemaname in (${shadowSchema(priceHistoryProjection)}, ${shadowSchema(priceCandlesProjection)}) order by relname`.execute(db);
      return rows;
    };
    // The statistics collector takes each backend's counts at its next flush (within a second or so): both tables'.
    await waitFor(
      async () => {
        const [candleStats, historyStats] = await stats();
        return historyStats.dead > SHADOW_VACUUM_DEAD_ROWS && candleStats.dead === 100;
      },
      { timeoutMs: 15_000, intervalMs: 200, message: 'the dead rows to be counted' },
    );

    await vacuumShadow(db, priceHistoryProjection);
    await vacuumShadow(db, priceCandlesProjection);
    await waitFor(async () => (await stats()).find((row) => row.table === 'price_history')!.vacuumed, { timeoutMs: 15_000, intervalMs: 200, message: 'the vacuum to be counted' });
    expect(await stats()).toEqual([
      { table: 'price_candles', dead: 100, vacuumed: false },
      { table: 'price_history', dead: 0, vacuumed: true },
    ]);
  });
});
