import { spawnSync } from 'node:child_process';
import { ALL_PROJECTIONS } from '@xsd/services/read-models/projections';
import { openPipeline, type Pipeline } from '@xsd/services/testing/pipeline';
import { priceTicks } from '@xsd/services/testing/price-ticks';
import { tableChecksum } from '@xsd/services/testing/table-checksum';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** npm's own complaints about this machine's npmrc are not the CLI's output. */
const withoutNpmWarnings = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('npm warn '))
    .join('\n');

/** Runs `npx xsd …` from the repo root as an operator would. */
function xsd(args: string[], env: Record<string, string>) {
  const run = spawnSync('npx', ['xsd', ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: withoutNpmWarnings(run.stderr) };
}

describe('npx xsd projections rebuild (JetStream + PostgreSQL)', () => {
  let pipeline: Pipeline;

  beforeEach(async () => {
    pipeline = await openPipeline('jetstream');
    await pipeline.log.appendMany(priceTicks(2_000));
    const projector = pipeline.projector();
    await projector.start();
    const last = await pipeline.log.lastSequence();
    await Promise.all(projector.names.map((name) => pipeline.progress.waitFor(name, last, 30_000)));
    await projector.stop();
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('given projected rows, when one projection is rebuilt, then it replays from 1 and the rows are identical', async () => {
    const before = await tableChecksum(pipeline.db, 'price_history');

    const run = xsd(['projections', 'rebuild', 'price_history'], pipeline.env);

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/price_history: replayed up to event 2000 in [\d.]+ s/);
    expect(await tableChecksum(pipeline.db, 'price_history')).toEqual(before);
  });

  it('given an unknown name, then it exits 1 naming the known projections and changes nothing', async () => {
    const before = await tableChecksum(pipeline.db, 'price_history');

    const run = xsd(['projections', 'rebuild', 'prices'], pipeline.env);

    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `xsd: Unknown projection 'prices'. Known projections: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`,
    );
    expect(await tableChecksum(pipeline.db, 'price_history')).toEqual(before);
  });

  it('given a projector already running on the database, then it refuses instead of competing with it', async () => {
    await pipeline.projector().start();

    const run = xsd(['projections', 'rebuild', 'price_history'], pipeline.env);

    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^xsd: Another projector is running against this database/);
  });
});

describe('npx xsd projections rebuild, where the database cannot be reached', () => {
  it('exits 1 with one line on stderr, the database\'s own reason, and nothing on stdout', () => {
    const missing = `xsd_missing_${process.pid}_${Date.now()}`;
    const run = xsd(['projections', 'rebuild'], { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${missing}`, NATS_URL: '' });

    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`xsd: Database migrations (up) failed: database "${missing}" does not exist\n`);
    expect(run.stdout).toBe('');
  });
});
