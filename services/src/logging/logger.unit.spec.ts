import { ConsoleLogger, Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogLevel } from '../config/config.js';
import { captureLogs } from '../testing/log-capture.js';
import { NestPinoLogger } from './nest-logger.js';

/** A logger writing into memory, with Nest's Logger going through it as in a running role. */
function capture(options: Parameters<typeof captureLogs>[0] = {}) {
  const logs = captureLogs(options);
  Logger.overrideLogger(new NestPinoLogger(logs.logger));
  return logs;
}

afterEach(() => {
  Logger.overrideLogger(new ConsoleLogger());
});

describe('the process logger', () => {
  it('writes one JSON object a line: time, level name, role, the Nest Logger name as context, msg', () => {
    const { lines, entries } = capture({ role: 'ingestor' });

    new Logger('Ingestor').warn('Ethereum failed (1/5), retrying in 1000 ms: HTTP 503');
    new Logger('Database').log('pglite ready, migrations applied');

    expect(lines).toHaveLength(2);
    const [warning, info] = entries();
    expect(Object.keys(warning!)).toEqual(['level', 'time', 'role', 'context', 'msg']);
    expect(warning).toEqual({
      level: 'warn',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      role: 'ingestor',
      context: 'Ingestor',
      msg: 'Ethereum failed (1/5), retrying in 1000 ms: HTTP 503',
    });
    expect(info).toMatchObject({ level: 'info', role: 'ingestor', context: 'Database', msg: 'pglite ready, migrations applied' });
  });

  it('stamps each line with its own millisecond, across second boundaries too', () => {
    vi.useFakeTimers({ now: new Date('2026-01-31T23:59:59.998Z'), toFake: ['Date'] });
    try {
      const { entries } = capture();
      const logger = new Logger('Clock');
      logger.log('first');
      vi.setSystemTime(new Date('2026-01-31T23:59:59.999Z'));
      logger.log('second');
      vi.setSystemTime(new Date('2026-02-01T00:00:00.007Z'));
      logger.log('third');
      vi.setSystemTime(new Date('2026-02-01T00:00:00.070Z'));
      logger.log('fourth');
      expect(entries().map((entry) => entry.time)).toEqual([
        '2026-01-31T23:59:59.998Z',
        '2026-01-31T23:59:59.999Z',
        '2026-02-01T00:00:00.007Z',
        '2026-02-01T00:00:00.070Z',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps an error's stack and an object message's fields on the line", () => {
    const { entries } = capture();
    const error = new Error('connection refused');

    new Logger('ExceptionHandler').error(error.message, error.stack);
    new Logger('Api').error({ msg: 'database on fire', reqId: 'req-1', stack: 'Error: database on fire\n    at x' });
    new Logger('Notifier').error(error);

    expect(entries()).toEqual([
      expect.objectContaining({ level: 'error', context: 'ExceptionHandler', msg: 'connection refused', stack: error.stack }),
      expect.objectContaining({ level: 'error', context: 'Api', msg: 'database on fire', reqId: 'req-1', stack: 'Error: database on fire\n    at x' }),
      expect.objectContaining({ level: 'error', context: 'Notifier', msg: 'connection refused', err: expect.objectContaining({ message: 'connection refused' }) }),
    ]);
  });

  it('writes what XSD_LOG_LEVEL lets through, and Nest start-up lines only at debug', () => {
    const levels = (level: LogLevel) => {
      const { entries } = capture({ level });
      const logger = new Logger('Projector');
      logger.debug('a debug line');
      logger.log('an info line');
      logger.warn('a warning');
      logger.error('an error');
      new Logger('RoutesResolver').log('AuthController {/api/auth}');
      return entries().map((entry) => `${entry.level as string}: ${entry.msg as string}`);
    };

    expect(levels('warn')).toEqual(['warn: a warning', 'error: an error']);
    expect(levels('info')).toEqual(['info: an info line', 'warn: a warning', 'error: an error']);
    expect(levels('debug')).toEqual(['debug: a debug line', 'info: an info line', 'warn: a warning', 'error: an error', 'debug: AuthController {/api/auth}']);
    expect(levels('silent')).toEqual([]);
  });

  it('redacts every kind of secret a log call may carry as a field, at the top and nested', () => {
    const secrets = {
      password: 'staff-password-5c1e',
      newPassword: 'new-staff-password-77aa',
      token: 'session-token-0b9f2d',
      apiKey: 'xsd_live_api_key_91f0e1',
      endpoint: 'https://push.example.test/send/endpoint-secret-d41d',
      p256dh: 'BP256dhPublicKeyOfTheBrowser0123456789',
      auth: 'auth-secret-16byt',
      email: 'visitor.secret@example.test',
      staffEmail: 'editor.secret@silverboard.test',
    };
    const { logger, lines, entries } = capture();

    logger.info({ email: secrets.email, password: secrets.password }, 'login body');
    logger.info({ request: { body: { email: secrets.email, message: 'hello' } } }, 'contact form');
    logger.info({ body: { currentPassword: secrets.password, newPassword: secrets.newPassword } }, 'password change');
    logger.info({ req: { method: 'GET', headers: { authorization: `Bearer ${secrets.token}`, cookie: `xsd_session=${secrets.token}` } } }, 'headers');
    logger.info({ headers: { 'x-api-key': secrets.apiKey } }, 'api key header');
    logger.info({ created: { apiKey: secrets.apiKey, key: secrets.apiKey, token: secrets.token } }, 'key created');
    logger.info({ reply: { 'set-cookie': `xsd_session=${secrets.token}` } }, 'cookie set');
    logger.info({ subscription: { endpoint: secrets.endpoint, keys: { p256dh: secrets.p256dh, auth: secrets.auth } } }, 'push subscription');
    logger.info({ target: { endpoint: secrets.endpoint, p256dh: secrets.p256dh, auth: secrets.auth } }, 'push target');
    new Logger('Staff').log({ msg: 'account created', account: { id: 'a1', email: secrets.staffEmail } });

    expect(lines).toHaveLength(10);
    const output = lines.join('\n');
    for (const [kind, secret] of Object.entries(secrets)) expect(output, kind).not.toContain(secret);
    // The fields stay, marked, next to what is not secret.
    expect(entries()[0]).toMatchObject({ email: '[redacted]', password: '[redacted]', msg: 'login body' });
    expect(entries()[3]).toMatchObject({ req: { method: 'GET', headers: '[redacted]' } });
    expect(entries()[7]).toMatchObject({ subscription: { endpoint: '[redacted]', keys: '[redacted]' } });
    expect(entries()[9]).toMatchObject({ context: 'Staff', account: { id: 'a1', email: '[redacted]' } });
  });

  it('on a terminal writes one readable line an entry, context first, secrets redacted the same', () => {
    const { lines } = capture({ pretty: true });

    new Logger('Auth').warn('login refused for account 42');
    new Logger('Http').log({ msg: 'request completed', reqId: 'r-1', method: 'GET', route: '/api/site', status: 200, durationMs: 2.5, email: 'visitor@example.test' });

    const plain = lines.map((line) => line.replace(/\u001b\[[0-9;]*m/g, ''));
    expect(plain).toHaveLength(2);
    expect(plain[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: \[Auth\] login refused for account 42$/);
    expect(plain[1]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[Http\] GET \/api\/site 200 2\.5 ms \{"reqId":"r-1","email":"\[redacted\]"\}$/);
  });
});
