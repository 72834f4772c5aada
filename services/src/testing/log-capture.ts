import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { LogLevel } from '../config/config.js';
import { createLogger, type ProcessRole } from '../logging/logger.js';

export interface CapturedLogs {
  readonly logger: Logger;
  /** Every line written so far, as written. */
  readonly lines: string[];
  /** The lines parsed (JSON mode). */
  entries(): Record<string, unknown>[];
}

/** The process logger of a role, writing into memory instead of stdout. */
export function captureLogs(options: { role?: ProcessRole; level?: LogLevel; pretty?: boolean } = {}): CapturedLogs {
  const lines: string[] = [];
  const logger = createLogger({
    role: options.role ?? 'api',
    level: options.level ?? 'info',
    pretty: options.pretty ?? false,
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    }),
  });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
