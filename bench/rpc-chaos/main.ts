/**
 * Price trust under misbehaving RPC endpoints (issue 23): the devnet's Ethereum and BSC, each
 * behind three endpoints, the first (two of three when lagging) misbehaving for three ticks, then
 * healed for two. Prints per scenario the most ticks a chain went without a price, the wrong and
 * lagging prices published (each checked against the chain at its block), the calls per chain
 * in a healthy and a misbehaving tick, the longest tick and the ticks to recover after healing.
 *
 *   node --conditions=source --import tsx bench/rpc-chaos/main.ts
 *
 * Targets: no wrong or lagging price, no stale tick, one call per chain per healthy tick,
 * recovery at the first tick after healing. Exits 1 when one is missed.
 */
import { cpus, loadavg } from 'node:os';
import { CHAOS_SCENARIOS, ChaosRig, type ScenarioFigures } from '../../services/src/testing/rpc-chaos.js';

const log = (line: string) => process.stdout.write(`${line}\n`);
const rig = await ChaosRig.start();
let exitCode = 0;
try {
  log(`machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}; 2 chains x 3 endpoints, 3 ticks misbehaving then 2 healed`);
  log('');
  const header = ['scenario', 'stale ticks', 'wrong', 'lagging', 'calls/tick healthy', 'calls/tick bad', 'calls last bad tick', 'longest tick ms', 'recovery ticks'];
  const rows: string[][] = [];
  const missed: string[] = [];
  for (const scenario of CHAOS_SCENARIOS) {
    const f: ScenarioFigures = await rig.run(scenario);
    rows.push([
      f.scenario,
      String(f.staleTicks),
      String(f.wrongPrices),
      String(f.laggingPrices),
      scenario.fresh ? '-' : String(f.healthyCallsPerTick),
      String(f.badCallsPerTick),
      String(f.settledCallsPerTick),
      f.maxTickMs.toFixed(0),
      f.recoveryTicks === null ? 'none' : String(f.recoveryTicks),
    ]);
    const ok = f.staleTicks === 0 && f.wrongPrices === 0 && f.laggingPrices === 0 && (scenario.fresh || f.healthyCallsPerTick === 1) && f.recoveryTicks === 0;
    if (!ok) missed.push(f.scenario);
    for (const problem of f.problems.slice(0, 3)) log(`  ${f.scenario}: ${problem}`);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  log(line(header));
  for (const row of rows) log(line(row));
  log('');
  log(`targets (no wrong or lagging price, no stale tick, 1 call per healthy tick, recovery at the next tick): ${missed.length === 0 ? 'OK' : `MISSED in ${missed.join(', ')}`}`);
  if (missed.length > 0) exitCode = 1;
} catch (error) {
  process.stderr.write(`bench/rpc-chaos failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  exitCode = 1;
} finally {
  await rig.close();
}
process.exit(exitCode);
