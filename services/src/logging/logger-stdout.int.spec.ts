import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for.js';

const LOGGER_MODULE = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** A process whose logger writes to its stdout, as a role's does, running `body` with `logger` in scope. */
function loggingChild(body: string): { child: ChildProcess; lines: () => Record<string, unknown>[]; exited: Promise<number | null> } {
  const code = `
    const { createLogger } = await import(${JSON.stringify(LOGGER_MODULE)});
    const logger = createLogger({ role: 'api', level: 'info', pretty: false });
    ${body}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
  const lines = () =>
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, lines, exited };
}

describe('the process logger on stdout', () => {
  let running: ChildProcess | null = null;

  afterEach(() => {
    running?.kill('SIGKILL');
    running = null;
  });

  it('keeps every line written just before process.exit, in order', async () => {
    const { lines, exited } = loggingChild(`
      for (let i = 0; i < 2000; i++) logger.info({ i }, 'line');
      process.exit(3);
    `);

    expect(await exited).toBe(3);
    expect(lines().map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it('keeps every line in order while the thread pool is busy (password hashing, say) at exit', async () => {
    // Every thread of libuv's pool hashing: a write handed to the pool would wait behind them.
    const { lines, exited } = loggingChild(`
      const { pbkdf2 } = await import('node:crypto');
      for (let t = 0; t < 4; t++) pbkdf2('password', 'salt', 300_000, 64, 'sha512', () => {});
      for (let i = 0; i < 2000; i++) logger.info({ i }, 'line');
      process.exit(3);
    `);

    expect(await exited).toBe(3);
    expect(lines().map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  });

  it('keeps the lines before an uncaught error, and the lines of many turns', async () => {
    const { lines, exited } = loggingChild(`
      for (let turn = 0; turn < 20; turn++) {
        for (let i = 0; i < 50; i++) logger.info({ i: turn * 50 + i }, 'line');
        await new Promise((resolve) => setImmediate(resolve));
      }
      logger.error('about to fail');
      throw new Error('failed on purpose');
    `);

    expect(await exited).toBe(1);
    expect(lines().map((line) => line.i ?? line.msg)).toEqual([...Array.from({ length: 1000 }, (_, i) => i), 'about to fail']);
  });

  it('writes a lone line within a moment while the process goes on running', async () => {
    const started = loggingChild(`
      logger.info('alone');
      setInterval(() => {}, 60_000);
    `);
    running = started.child;

    await waitFor(() => started.lines().length === 1, { timeoutMs: 10_000, message: 'the line on stdout' });
    expect(started.lines()[0]).toMatchObject({ level: 'info', role: 'api', msg: 'alone' });
    expect(running.exitCode).toBeNull();
  });
});
