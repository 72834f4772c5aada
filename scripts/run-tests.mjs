#!/usr/bin/env node
// Runs the three test tiers one after the other (unit, integration, end to end), so the heavy
// tiers never compete for this machine's two cores, and closes with the line CI reads:
// "N passed, N failed" (", N skipped" follows when tests were skipped; those count as failed).
//
// A test that did not run is not a pass: a skipped or todo test, and every test of a file whose
// setup (a beforeAll hook) threw, which Vitest reports as skipped, count as failures, each file
// named in a line of its own, so a broken setup or a flake can never hide behind a skip.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const tiers = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['unit', 'int', 'e2e'];
/** The Vitest projects of a tier (vitest.config.ts): the files that must run alone come last. */
const projectsOf = { unit: ['unit', 'unit-web'], int: ['int', 'int-alone'], e2e: ['e2e', 'e2e-alone'] };
const outDir = join(process.cwd(), '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const RAN = new Set(['passed', 'failed']);
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
for (const tier of tiers) {
  const output = join(outDir, `${tier}.json`);
  process.stdout.write(`\n=== ${tier} tests ===\n`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', ...(projectsOf[tier] ?? [tier]).flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, '--passWithNoTests'],
    { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  let report;
  try {
    report = JSON.parse(readFileSync(output, 'utf8'));
  } catch {
    problems.push(`${tier}: no report from the tier (vitest exited ${run.status ?? run.signal})`);
    failed += 1;
    continue;
  }
  const failedBefore = failed;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    const name = relative(process.cwd(), file.name);
    const notRun = file.assertionResults.filter((test) => !RAN.has(test.status));
    // Named again at the end: CI keeps only the tail of the output, where a failure far above is lost.
    for (const test of file.assertionResults.filter(({ status }) => status === 'failed')) {
      problems.push(`${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0] ?? 'failed')}`);
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      problems.push(`${name}: failed to load${file.message ? `: ${firstLine(file.message)}` : ''}`);
      failed += 1;
    } else if (file.status === 'failed' && notRun.length > 0) {
      // Vitest marks the tests of a suite whose beforeAll threw as skipped.
      const why = file.message ? firstLine(file.message) : 'a beforeAll hook threw (see its error above)';
      problems.push(`${name}: setup failed, ${notRun.length} test(s) did not run: ${why}`);
      failed += notRun.length;
    } else if (notRun.length > 0) {
      problems.push(`${name}: ${notRun.length} test(s) skipped or todo: ${notRun.map((test) => test.fullName).join('; ')}`);
      failed += notRun.length;
      skipped += notRun.length;
    }
  }
  // An unhandled error fails the run without failing a test: never report that as all green.
  if (run.status !== 0 && failed === failedBefore) {
    problems.push(`${tier}: vitest exited ${run.status ?? run.signal} with no failed test (an unhandled error? see above)`);
    failed += 1;
  }
}
if (problems.length > 0) process.stdout.write(`\n${problems.map((line) => `FAILED ${line}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);

function firstLine(text) {
  return String(text).split('\n')[0].slice(0, 300);
}
