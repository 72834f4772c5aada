#!/usr/bin/env node
// Runs the three test tiers one after the other (unit, integration, end to end), so the heavy
// tiers never compete for this machine's two cores, and closes with the line CI reads:
// "N passed, N failed" (", N skipped" follows when tests were skipped; those count as failed).
//
// A test that did not run is not a pass: a skipped or todo test, and every test of a file whose
// setup (a beforeAll hook) threw, which Vitest reports as skipped, count as failures, each file
// named in a line of its own, so a broken setup or a flake can never hide behind a skip.
//
// One exception is run again: the files a test worker left unfinished because its process died
// under them ("Worker exited unexpectedly"), as V8 does now and then where many PGlite databases
// are made and closed in one process (a fatal check of its JIT page registry, nodejs/node#64500;
// seen once here, in the integration tier). Those files run once more, said so in a line; a file
// with a failed test is never run again.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const tiers = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['unit', 'int', 'e2e'];
/** The Vitest projects of a tier (vitest.config.ts): the files that must run alone come last. */
const projectsOf = { unit: ['unit', 'unit-web'], int: ['int', 'int-alone'], e2e: ['e2e', 'e2e-alone'] };
const outDir = join(process.cwd(), '.test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const RAN = new Set(['passed', 'failed']);
/** What Vitest prints when a worker process ended under its files. */
const WORKER_DIED = 'Worker exited unexpectedly';

/**
 * Vitest on a tier's projects (only `files`, when given), its output passed through as it comes;
 * resolves with its exit code and whether it reported a worker that died.
 */
function vitest(tier, output, files = []) {
  const args = ['vitest', 'run', ...(projectsOf[tier] ?? [tier]).flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, '--passWithNoTests', ...files];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
    let workerDied = false;
    let tail = '';
    const through = (target) => (chunk) => {
      target.write(chunk);
      // A chunk may end inside the words: look at them with the end of the one before.
      const text = tail + chunk.toString();
      if (text.includes(WORKER_DIED)) workerDied = true;
      tail = text.slice(-WORKER_DIED.length);
    };
    child.stdout.on('data', through(process.stdout));
    child.stderr.on('data', through(process.stderr));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status: status ?? signal, workerDied }));
  });
}

function readReport(output) {
  try {
    return JSON.parse(readFileSync(output, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A file a dead worker left unfinished: tests still pending (Vitest's "queued" and "run"), none
 * failed. One with a failed test is never run again, whatever came after.
 */
function cutShort(file) {
  const statuses = file.assertionResults.map((test) => test.status);
  return statuses.includes('pending') && !statuses.includes('failed');
}

const passedIn = (file) => file.assertionResults.filter((test) => test.status === 'passed').length;

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
for (const tier of tiers) {
  const output = join(outDir, `${tier}.json`);
  process.stdout.write(`\n=== ${tier} tests ===\n`);
  let run = await vitest(tier, output);
  let report = readReport(output);
  if (report === null) {
    problems.push(`${tier}: no report from the tier (vitest exited ${run.status})`);
    failed += 1;
    continue;
  }
  const orphans = run.workerDied ? report.testResults.filter(cutShort) : [];
  if (orphans.length > 0) {
    const names = orphans.map((file) => relative(process.cwd(), file.name));
    process.stdout.write(`\nA test worker died (${WORKER_DIED}) before ${names.length} file(s) finished; running them once more: ${names.join(', ')}\n`);
    const againOutput = join(outDir, `${tier}-again.json`);
    const again = await vitest(tier, againOutput, names);
    const second = readReport(againOutput);
    if (second !== null) {
      const kept = report.testResults.filter((file) => !orphans.includes(file));
      report = {
        numPassedTests: report.numPassedTests - orphans.reduce((sum, file) => sum + passedIn(file), 0) + second.numPassedTests,
        numFailedTests: report.numFailedTests + second.numFailedTests,
        testResults: [...kept, ...second.testResults],
      };
      // The first run's exit said only that the worker died; the files' own run says the rest.
      run = again;
    }
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
    problems.push(`${tier}: vitest exited ${run.status} with no failed test (an unhandled error? see above)`);
    failed += 1;
  }
}
if (problems.length > 0) process.stdout.write(`\n${problems.map((line) => `FAILED ${line}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 ? 1 : 0);

function firstLine(text) {
  return String(text).split('\n')[0].slice(0, 300);
}
