// How the CLI's end-to-end tests run the real binary: the built entry (`node cli/dist/main.js`)
// from the repo root, with stdout a pipe (the plain, colourless path). npx adds about a second a
// call and nothing the tests check; the one test of `npx xsd` itself is projections.e2e.spec.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built CLI (`make test` builds before the tests run), what the linked `xsd` binary points at. */
export const XSD_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface XsdRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `xsd …` to completion. `input` is piped to stdin (closed either way). */
export function xsd(args: readonly string[], env: Record<string, string>, input = ''): XsdRun {
  const run = spawnSync(process.execPath, [XSD_MAIN, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Starts the CLI in the background (for --watch); signals reach it directly. */
export function spawnXsd(args: readonly string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [XSD_MAIN, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}
