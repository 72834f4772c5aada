// How the CLI's end-to-end tests run the real binary: `npx xsd …` from the repo root, as an
// operator would, with stdout a pipe (the plain, colourless path).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The linked binary itself, for the tests that signal the process (npx would take the signal). */
export const XSD_BIN = fileURLToPath(new URL('../../../node_modules/.bin/xsd', import.meta.url));

export interface XsdRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** npm's own complaints about this machine's npmrc are not the CLI's output. */
export const withoutNpmWarnings = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('npm warn '))
    .join('\n');

/** Runs `npx xsd …` to completion. `input` is piped to stdin (closed either way). */
export function xsd(args: readonly string[], env: Record<string, string>, input = ''): XsdRun {
  const run = spawnSync('npx', ['xsd', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: withoutNpmWarnings(run.stderr) };
}

/** Starts the binary in the background (for --watch), in its own process group. */
export function spawnXsd(args: readonly string[], env: Record<string, string>): ChildProcess {
  return spawn(XSD_BIN, [...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}
