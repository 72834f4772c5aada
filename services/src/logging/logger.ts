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
 * JSON lines are gathered to this many characters (bytes, for the ASCII they are) before a write,
 * and written at least this often: one write a 128 KB instead of one a line (a hot route's profile,
 * 15,000 req/s and a line a request, spent 2.1 s of 12.9 s busy in writes of 4 KB, 0.22 s in 128 KB).
 */
const WRITE_AT_CHARS = 131_072;
const FLUSH_EVERY_MS = 250;

/**
 * pino's destination for JSON lines: lines gathered here and handed to sonic-boom
 * (pino.destination: synchronous, pino's default, a closed pipe tolerated) WRITE_AT_CHARS at a
 * time. sonic-boom gathers too, but appends each write to its newest chunk and measures that
 * chunk's UTF-8 length every time, flattening the string it has grown: 2.5-3.5 µs a request line,
 * and more the larger its chunks, against 0.5-0.7 µs gathered in an array and joined once. Lines
 * still gathered when the process exits are written then. Synchronous so that nothing is ever in
 * flight behind that last write: with sonic-boom's asynchronous writes, a chunk still waiting in
 * libuv's thread pool at exit went out after the last lines or tore one of them (its flushSync does
 * not wait for it). A reader that stops reading stdout holds the process up, as with any of pino's
 * synchronous destinations, instead of lines piling up in memory.
 */
class LineBatches implements DestinationStream {
  private lines: string[] = [];
  private length = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly sink: ReturnType<typeof pino.destination>) {
    // One a process (the stdout logger's), so one listener.
    process.once('exit', () => this.flushSync());
  }

  write(line: string): void {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= WRITE_AT_CHARS) this.drain();
    else this.timer ??= setTimeout(this.drain, FLUSH_EVERY_MS).unref();
  }

  flushSync(): void {
    this.drain();
    this.sink.flushSync();
  }

  private readonly drain = (): void => {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.sink.write(text);
  };
}

/**
 * The process's logger: one JSON object a line with `time`, `level`, `role` and `msg`, plus
 * `context` (the Nest Logger's name) and for requests their id. JSON lines are written 128 KB at a
 * time or within 250 ms, and what is left when the process exits, all in the order they were logged.
 * Pretty ones, for a person at a terminal, are written a line at a time.
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
    : (options.destination ?? new LineBatches(pino.destination({ fd: 1, sync: true })));
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
