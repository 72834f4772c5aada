import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogLevel } from '../config/config.js';

/** The process roles of services/src/apps: `all` is `make start`'s single process. */
export type ProcessRole = 'all' | 'api' | 'ingestor' | 'projector' | 'notifier';

/**
 * Field names whose values are secrets or personal data: passwords, session tokens and API keys,
 * cookies and authorization headers, push endpoints and their keys, emails, and whole bodies
 * and header sets (which hold all of those). No code logs them on purpose; this catches a field
 * that slips in, at the top of a line's object and two levels down.
 */
const REDACTED_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'session',
  'key',
  'apiKey',
  'api_key',
  'x-api-key',
  'authorization',
  'cookie',
  'set-cookie',
  'endpoint',
  'keys',
  'p256dh',
  'auth',
  'email',
  'body',
  'headers',
] as const;

/** `email`, `*.email`, `*.*.email`... in pino's path syntax (names with a dash in brackets). */
const REDACT_PATHS = REDACTED_FIELDS.flatMap((field) => {
  const name = /^\w+$/.test(field) ? field : `["${field}"]`;
  const dotted = name.startsWith('[') ? name : `.${name}`;
  return [name, `*${dotted}`, `*.*${dotted}`];
});

export interface LoggerOptions {
  readonly role: ProcessRole;
  readonly level: LogLevel;
  /** Where the lines go (tests pass a stream); default stdout, written synchronously. */
  readonly destination?: DestinationStream;
  /** Human-readable lines instead of JSON; default when stdout is a terminal. */
  readonly pretty?: boolean;
}

/**
 * The process's logger: one JSON object a line with `time`, `level`, `role` and `msg`, plus
 * `context` (the Nest Logger's name) and for requests their id. Writes are synchronous, pretty
 * ones too (a stream, not a worker-thread transport), so the last lines before an exit are kept.
 */
export function createLogger(options: LoggerOptions): Logger {
  const readable = options.pretty ?? process.stdout.isTTY === true;
  const destination = readable
    ? pretty({
        destination: options.destination ?? 1,
        sync: true,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss.l',
        // A terminal shows one process: the context leads the message, a request reads as one.
        ignore: 'pid,hostname,role,context,method,route,status,durationMs',
        messageFormat: (log, messageKey) => {
          const context = typeof log.context === 'string' ? `[${log.context}] ` : '';
          if (log.route === undefined) return `${context}${String(log[messageKey])}`;
          return `${context}${String(log.method)} ${String(log.route)} ${String(log.status)} ${String(log.durationMs)} ms`;
        },
      })
    : (options.destination ?? pino.destination({ fd: 1, sync: true }));
  return pino(
    {
      level: options.level,
      base: { role: options.role },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names ("warn"), which people and log pipelines read without pino's number table.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination,
  );
}
