import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { priceTicks } from '../testing/price-ticks.js';
import { tableChecksum } from '../testing/table-checksum.js';
import { waitFor } from '../testing/wait-for.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';

// The built projector service, as production runs it (`make test` builds before testing).
const PROJECTOR_MAIN = fileURLToPath(new URL('../../dist/apps/projector/main.js', import.meta.url));
const TABLES = ['price_history', 'price_candles', 'silver_prices', 'site_settings'];
const EVENTS = 30_000;

function startProjector(pipeline: Pipeline): ChildProcess {
  const child = spawn(process.execPath, [PROJECTOR_MAIN], {
    env: { ...process.env, ...pipeline.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => process.stderr.write(`[projector] ${text}`));
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

// The test's own waits allow 3 minutes (start, catch up) before the rebuild: the int tier's 60 s was less than they allow.
describe('Projector service crash safety (JetStream + PostgreSQL, real processes)', { timeout: 300_000 }, () => {
  let pipeline: Pipeline;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    pipeline = await openPipeline('jetstream');
  });

  afterEach(async () => {
    child?.kill('SIGKILL');
    if (child) await exited(child);
    await pipeline.cleanup();
  });

  it('given a projector killed with SIGKILL mid-batch, when it restarts, then the read models equal an uninterrupted run', async () => {
    await pipeline.log.appendMany(priceTicks(EVENTS));
    const checkpoints = new CheckpointsRepository(pipeline);

    child = startProjector(pipeline);
    await waitFor(async () => (await checkpoints.get('price_history')) > 0, { timeoutMs: 60_000, message: 'projector never started projecting' });
    child.kill('SIGKILL');
    await exited(child);
    const atKill = await checkpoints.get('price_history');
    // It died part-way: some events projected, most not.
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(EVENTS);

    child = startProjector(pipeline);
    await waitFor(async () => {
      const all = await checkpoints.all();
      return ALL_PROJECTIONS.every(({ name }) => all.get(name) === EVENTS);
    }, { timeoutMs: 120_000, message: 'restarted projector did not catch up' });
    child.kill('SIGTERM');
    await exited(child);
    child = undefined;
    const afterCrash = await Promise.all(TABLES.map((table) => tableChecksum(pipeline.db, table)));

    // The uninterrupted run: every projection rebuilt from sequence 1 in one go (one read of the log).
    const projector = pipeline.projector();
    await projector.rebuildAll(projector.names);
    const uninterrupted = await Promise.all(TABLES.map((table) => tableChecksum(pipeline.db, table)));

    expect(afterCrash).toEqual(uninterrupted);
    expect(afterCrash[0].rows).toBe(EVENTS);
  });
});
