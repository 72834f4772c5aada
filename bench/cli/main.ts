/**
 * CLI benchmark (issue 5): the wall time of `xsd prices --json` against a warm local stack.
 *
 *   node --conditions=source --import tsx bench/cli/main.ts [--runs 9] [--url http://127.0.0.1:8080]
 *
 * Builds nothing: it runs the built binary (`node_modules/.bin/xsd`, linked to cli/dist/main.js by
 * `make build`) against a stack started with the built launcher (or `--url`). The stack is warmed
 * first (prices on every chain, a few API reads, two unmeasured runs), then each run is timed from
 * spawn to exit. Prints every run and the median (target < 400 ms), with the machine's bare
 * `node -e 0` start-up and `npx xsd` for reference; exits 1 when the target is missed.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { waitFor } from '@xsd/services/testing/wait-for';
import { benchTarget, median } from '../support.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, url: { type: 'string' } } });
const runs = Math.max(1, Number(values.runs));
const TARGET_MS = 400;
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const XSD_BIN = fileURLToPath(new URL('../../node_modules/.bin/xsd', import.meta.url));


/** Wall time of one process from spawn to exit, with its output. */
function timed(command: string, args: readonly string[], env: Record<string, string> = {}) {
  const started = process.hrtime.bigint();
  const run = spawnSync(command, [...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const target = await benchTarget(values.url);
try {
  const base = target.base;
  const env = { XSD_API_URL: base };

  // Warm: every chain has a price, the API's routes are hot, the binary's files are cached.
  await waitFor(
    async () => {
      const latest = (await (await fetch(`${base}/api/prices/latest`)).json()) as { items: { price: number | null }[] };
      return latest.items.length > 0 && latest.items.every((item) => item.price !== null);
    },
    { timeoutMs: 90_000, intervalMs: 500, message: 'prices on every chain' },
  );
  for (let i = 0; i < 5; i += 1) {
    await Promise.all(['/api/prices/latest', '/api/silver/latest', '/api/site'].map((path) => fetch(`${base}${path}`).then((r) => r.text())));
  }
  for (let i = 0; i < 2; i += 1) timed(XSD_BIN, ['prices', '--json'], env);

  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const run = timed(XSD_BIN, ['prices', '--json'], env);
    if (run.status !== 0) throw new Error(`xsd prices --json exited ${run.status}: ${run.stderr.trim()}`);
    const items = (JSON.parse(run.stdout) as { items: unknown[] }).items.length;
    times.push(run.ms);
    process.stdout.write(`run ${i + 1}: ${run.ms.toFixed(0)} ms (${items} prices)\n`);
  }

  const bare = median(Array.from({ length: 5 }, () => timed(process.execPath, ['-e', '0']).ms));
  const viaNpx = median(Array.from({ length: 3 }, () => timed('npx', ['xsd', 'prices', '--json'], env).ms));
  const result = median(times);
  const ok = result < TARGET_MS;
  process.stdout.write(
    `\nfor reference: bare \`node -e 0\` ${bare.toFixed(0)} ms; through \`npx xsd\` ${viaNpx.toFixed(0)} ms (npm's own start-up on top); ` +
      `${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}\n` +
      `xsd prices --json: median ${result.toFixed(0)} ms of ${runs} runs, min ${Math.min(...times).toFixed(0)} ms (target < ${TARGET_MS} ms) ${ok ? 'ok' : 'OVER'}\n`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await target.stop();
}
