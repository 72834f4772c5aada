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

const REDACTED = new Set<string>(REDACTED_FIELDS);
const CENSOR = '[redacted]';
/** A line's own fields are depth 0; fields this many levels below them are searched too. */
const REDACT_DEPTH = 2;

/**
 * The line's object with every REDACTED field's value replaced, at the top and REDACT_DEPTH levels
 * down (plain objects and arrays only). Copies only what it changes: a request's line, which holds
 * none, costs a few look-ups. (pino's path redaction with wildcards for the same fields took a
 * third of the API's time a request.)
 */
function redact<T>(value: T, depth = 0): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = redact(value[i] as unknown, depth);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | null = null;
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const field = fields[key];
    const next = REDACTED.has(key) ? CENSOR : depth < REDACT_DEPTH ? redact(field, depth + 1) : field;
    if (next !== field) (copy ??= { ...fields })[key] = next;
  }
  return (copy ?? value) as T;
}

/**
 * pino's `time` field as ISO 8601 (what isoTime writes), with the date and time to the second
 * worked out once a second: a new Date and toISOString a line were a tenth of a request's line.
 */
function isoTimeField(): () => string {
  let second = Number.NaN;
  let prefix = '';
  return () => {
    const now = Date.now();
    const whole = Math.floor(now / 1000);
    if (whole !== second) {
      second = whole;
      prefix = `,"time":"${new Date(whole * 1000).toISOString().slice(0, 20)}`;
    }
    const millis = now - whole * 1000;
    return `${prefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z"`;
  };
}

export interface LoggerOptions {
  readonly role: ProcessRole;
  readonly level: LogLevel;
  /** Where the lines go (tests pass a stream); default stdout. */
  readonly destination?: DestinationStream;
  /** Human-readable lines instead of JSON; default when stdout is a terminal. */
  readonly pretty?: boolean;
}

/**
 * JSON lines are gathered to this many bytes before a write (a write is a hand-off to libuv's
 * thread pool: a line a request under load made one a request) and written at least this often.
 * sonic-boom appends each line to its newest chunk of up to MAX_WRITE_BYTES and measures that
 * chunk's UTF-8 length each time, so a line costs time in proportion to the chunk: 3.7-4.4 µs with
 * its default 16 KB and 8 KB gathered, 2.1-2.2 µs with these (a request line, 300,000 of them).
 */
const WRITE_AT_BYTES = 4096;
const MAX_WRITE_BYTES = 8192;
const FLUSH_EVERY_MS = 250;

/**
 * The process's logger: one JSON object a line with `time`, `level`, `role` and `msg`, plus
 * `context` (the Nest Logger's name) and for requests their id. JSON lines are written without
 * waiting, 4 KB at a time or within 250 ms, and pino writes what is left synchronously when the
 * process exits, so the last lines are kept; pretty ones, for a person at a terminal, synchronously.
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
    : (options.destination ?? pino.destination({ fd: 1, sync: false, minLength: WRITE_AT_BYTES, maxWrite: MAX_WRITE_BYTES, periodicFlush: FLUSH_EVERY_MS }));
  return pino(
    {
      level: options.level,
      base: { role: options.role },
      timestamp: isoTimeField(),
      // Level names ("warn"), which people and log pipelines read without pino's number table.
      formatters: { level: (label) => ({ level: label }), log: (fields) => redact(fields) },
    },
    destination,
  );
}
