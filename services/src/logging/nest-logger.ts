import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's start-up chatter (a line per module and per route, over a hundred in `all`): kept at
 * debug, so an info log starts with what the product says.
 */
const NEST_START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * Nest's LoggerService over pino, so every `new Logger('X')` writes the process's JSON lines
 * with `context: 'X'`. Nest appends a Logger's name as the last argument (after the stack, for
 * errors). A message may be an object: its fields go on the line (`msg` as the message).
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: readonly unknown[]): void {
    const context = typeof params.at(-1) === 'string' ? (params.at(-1) as string) : undefined;
    const rest = context === undefined ? params : params.slice(0, -1);
    const stack = level === 'error' || level === 'fatal' ? rest.find((param) => typeof param === 'string') : undefined;
    const fields: Record<string, unknown> = {};
    if (context !== undefined) fields.context = context;
    if (stack !== undefined) fields.stack = stack;
    const at = context !== undefined && level === 'info' && NEST_START_UP_CONTEXTS.has(context) ? 'debug' : level;
    if (message instanceof Error) {
      this.logger[at]({ ...fields, err: message }, message.message);
    } else if (message !== null && typeof message === 'object') {
      const { msg, ...more } = message as Record<string, unknown>;
      this.logger[at]({ ...fields, ...more }, typeof msg === 'string' ? msg : '');
    } else {
      this.logger[at](fields, String(message));
    }
  }
}
