#!/usr/bin/env node
// Runs the three test tiers one after the other (unit, integration, end to end), so the heavy
// tiers never compete for this machine's two cores, and closes with the line CI reads:
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const tiers = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['unit', 'int', 'e2e'];
const outDir = join(process.cwd(), '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
for (const tier of tiers) {
  const output = join(outDir, `${tier}.json`);
  process.stdout.write(`\n=== ${tier} tests ===\n`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', tier, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, '--passWithNoTests'],
    { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  try {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A file that failed to load has no tests in the count: count it as a failure.
    const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0);
    failed += brokenFiles.length;
  } catch {
    process.stdout.write(`(no report from the ${tier} tier: counting it as one failure)\n`);
    failed += 1;
  }
  if (run.status !== 0) exitCode = 1;
}
if (failed > 0) exitCode = 1;
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(exitCode);
