import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AnyEvent } from '@xsd/contracts';
import { ProjectionProgress } from '../../services/src/core/projection-progress.js';
import { sql } from 'kysely';
import { CheckpointsRepository, consumerName } from '../../services/src/core/checkpoints.repository.js';
import { Projector } from '../../services/src/projector/projector.js';
import type { Projection } from '../../services/src/projector/projection.js';
import { priceCandlesProjection } from '../../services/src/read-models/price-candles/price-candles.projection.js';
import { priceHistoryProjection } from '../../services/src/read-models/price-history/price-history.projection.js';
import { JetStreamEventLog } from '../../services/src/event-log/jetstream/jetstream-event-log.js';
import { createTestDatabase } from '../../services/src/testing/test-database.js';
import { deleteStream, TEST_NATS_URL, type TestStream, uniqueStream } from '../../services/src/testing/test-stream.js';
import { priceTicks } from '../../services/src/testing/price-ticks.js';

export interface PipelineBenchmarkOptions {
  readonly burstEvents: number;
  readonly steadyRate: number;
  readonly steadySeconds: number;
  readonly rebuildEvents: number;
  readonly log: (line: string) => void;
}

export interface BurstResult {
  readonly projections: string[];
  readonly events: number;
  readonly elapsedMs: number;
  readonly eventsPerSecond: number;
  /** Transactions price_history needed: a sign of how well batches filled. */
  readonly batches: number;
}

export interface PipelineBenchmarkResult {
  /** price_history alone, then every projection that reads price ticks (as production runs). */
  readonly burst: BurstResult;
  readonly burstAllTickProjections: BurstResult;
  readonly steady: { rate: number; events: number; p50Ms: number; p99Ms: number; maxMs: number };
  readonly rebuild: RebuildFigure;
  /** The same replay as the projector did it before shadow tables: emptied table, live consumer from sequence 1. */
  readonly rebuildBefore: RebuildFigure;
  /** Both projections of price ticks from one read of the log, in parallel (what a full rebuild of them costs). */
  readonly rebuildAllTickProjections: RebuildFigure;
}

export interface RebuildFigure {
  readonly events: number;
  readonly elapsedMs: number;
  readonly eventsPerSecond: number;
}

/** Records when each projection batch committed, to time append-to-row delays. */
class TimedProgress extends ProjectionProgress {
  readonly commits: { sequence: number; at: number }[] = [];
  override advanced(projection: string, sequence: number): void {
    if (projection === 'price_history') this.commits.push({ sequence, at: performance.now() });
    super.advanced(projection, sequence);
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The producer process: resolves once it has made its events and is connected. */
async function startProducer(stream: TestStream, count: number, startMs: number): Promise<{ go(): Promise<number> }> {
  const worker = fileURLToPath(new URL('./append-worker.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', worker, stream.stream, stream.subjectPrefix, String(count), String(startMs)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const onLine = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`the producer exited (${code}) before '${prefix}'`)));
    });
  await next('ready');
  return {
    async go() {
      const done = next('done');
      child.stdin!.write('go\n');
      const line = await done;
      child.stdin!.end();
      return Number(line.split(' ')[1]);
    },
  };
}

/** Fresh ticks for a phase, timed after the previous ones so candles keep moving forward. */
function ticksFrom(count: number, startMs: number): AnyEvent[] {
  return priceTicks(count, startMs);
}

/**
 * The three measurements of the pipeline benchmark on a throwaway PostgreSQL database and
 * JetStream stream: both projections that read price ticks (price_history and price_candles) run,
 * as in production.
 */
export async function runPipelineBenchmark(options: PipelineBenchmarkOptions): Promise<PipelineBenchmarkResult> {
  const { log } = options;
  const database = await createTestDatabase();
  const stream = uniqueStream('BENCH');
  const eventLog = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
  const db = database.handle.db;
  const progress = new TimedProgress(new CheckpointsRepository({ db }));
  let clock = Date.parse('2026-01-01T00:00:00.000Z');
  const projectors: Projector[] = [];
  const projectorFor = (projections: Projection[]) => {
    const projector = new Projector(database.handle, eventLog, projections, progress, { maxBatch: 1_000 });
    projectors.push(projector);
    return projector;
  };

  // 1. Burst: a producer process appends as fast as JetStream takes them (as the ingestor does in
  //    production) while this process projects; the clock runs from "go" until every projection
  //    has committed the last event. Each burst gets fresh projections so they compare like for like.
  const runBurst = async (projections: Projection[]): Promise<BurstResult> => {
    const names = projections.map((projection) => projection.name);
    const projector = projectorFor(projections);
    for (const name of names) await projector.rebuild(name);
    await projector.start();
    progress.commits.length = 0;
    const first = (await eventLog.lastSequence()) + 1;
    const producer = await startProducer(stream, options.burstEvents, clock);
    clock += options.burstEvents;
    log(`burst into ${names.join(' + ')}: a producer process appends ${options.burstEvents} price ticks through JetStream...`);
    const started = performance.now();
    const appendedMs = await producer.go();
    const last = first + options.burstEvents - 1;
    await Promise.all(names.map((name) => progress.waitFor(name, last, 600_000)));
    const elapsedMs = performance.now() - started;
    await projector.stop();
    log(`  appended in ${(appendedMs / 1000).toFixed(2)} s, projected in ${(elapsedMs / 1000).toFixed(2)} s`);
    return {
      projections: names,
      events: options.burstEvents,
      elapsedMs,
      eventsPerSecond: options.burstEvents / (elapsedMs / 1000),
      batches: progress.commits.length,
    };
  };
  try {
    const burst = await runBurst([priceHistoryProjection]);
    const burstAllTickProjections = await runBurst([priceHistoryProjection, priceCandlesProjection]);
    const projector = projectorFor([priceHistoryProjection]);
    await projector.start();

    // 2. Steady rate: small batches on a schedule; delay = commit of the row - start of its append.
    const steadyCount = Math.round(options.steadyRate * options.steadySeconds);
    const steady = ticksFrom(steadyCount, clock);
    clock += steadyCount;
    log(`steady: ${options.steadyRate} events/s for ${options.steadySeconds} s...`);
    progress.commits.length = 0;
    const sentAt = new Map<number, number>();
    const steadyStart = performance.now();
    let sent = 0;
    const inFlight: Promise<void>[] = [];
    while (sent < steadyCount) {
      const due = Math.min(steadyCount, Math.floor(((performance.now() - steadyStart) / 1000) * options.steadyRate));
      if (due > sent) {
        const chunk = steady.slice(sent, due);
        const at = performance.now();
        sent = due;
        inFlight.push(
          eventLog.appendMany(chunk).then((appended) => {
            for (const result of appended) sentAt.set(result.sequence, at);
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(inFlight);
    const steadyLast = Math.max(...sentAt.keys());
    await progress.waitFor('price_history', steadyLast, 60_000);
    const delays: number[] = [];
    let commitIndex = 0;
    const commits = progress.commits;
    for (const [sequence, at] of [...sentAt.entries()].sort((a, b) => a[0] - b[0])) {
      while (commitIndex < commits.length && commits[commitIndex].sequence < sequence) commitIndex += 1;
      if (commitIndex < commits.length) delays.push(commits[commitIndex].at - at);
    }
    delays.sort((a, b) => a - b);

    // 3. Rebuild: top the log up to the target size, then replay price_history from sequence 1.
    await projector.stop();
    const have = await eventLog.lastSequence();
    const missing = Math.max(0, options.rebuildEvents - have);
    log(`rebuild: topping the log up by ${missing} events to ${Math.max(have, options.rebuildEvents)}...`);
    for (let done = 0; done < missing; done += 100_000) {
      const chunk = Math.min(100_000, missing - done);
      await eventLog.appendMany(ticksFrom(chunk, clock));
      clock += chunk;
    }
    const total = await eventLog.lastSequence();
    log(`rebuild: replaying ${total} events into price_history...`);
    const figure = ({ sequence, elapsedMs }: { sequence: number; elapsedMs: number }): RebuildFigure => ({
      events: sequence,
      elapsedMs,
      eventsPerSecond: sequence / (elapsedMs / 1000),
    });
    const rebuild = figure(await projector.rebuild('price_history'));
    log(`rebuild reference: replaying ${total} events into price_history as the projector did before (delete, then its live consumer from 1)...`);
    const referenceStarted = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`delete from price_history`.execute(trx);
      await new CheckpointsRepository({ db }).set(trx, 'price_history', 0);
    });
    await eventLog.deleteConsumer(consumerName('price_history'));
    progress.reset('price_history');
    const reference = projectorFor([priceHistoryProjection]);
    await reference.start();
    await progress.waitFor('price_history', total, 900_000);
    await reference.stop();
    const rebuildBefore = figure({ sequence: total, elapsedMs: performance.now() - referenceStarted });
    log(`rebuild: replaying ${total} events into price_history + price_candles...`);
    const both = projectorFor([priceHistoryProjection, priceCandlesProjection]);
    const [rebuildAllTickProjections] = await both.rebuildAll(['price_history', 'price_candles']);

    return {
      burst,
      burstAllTickProjections,
      steady: {
        rate: options.steadyRate,
        events: delays.length,
        p50Ms: percentile(delays, 50),
        p99Ms: percentile(delays, 99),
        maxMs: delays[delays.length - 1] ?? Number.NaN,
      },
      rebuild,
      rebuildBefore,
      rebuildAllTickProjections: figure(rebuildAllTickProjections),
    };
  } finally {
    await Promise.all(projectors.map((projector) => projector.stop()));
    await eventLog.close();
    await deleteStream(stream.stream);
    await database.drop();
  }
}
