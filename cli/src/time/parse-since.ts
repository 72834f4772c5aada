import { UsageError } from '../cli-error.js';

const AGO = /^(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?$/i;
const ISO = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i;

export const SINCE_HINT = 'expected a date (2026-05-01), an ISO 8601 time with a time zone, or a span back from now such as 2h, 7d or 1d12h';

/**
 * `--since`: a date (its start, UTC), an ISO 8601 time with a time zone, or a span back from now
 * (`90m`, `24h`, `7d`). Throws a UsageError (exit 2) otherwise.
 */
export function parseSince(input: string, now: Date): Date {
  const text = input.trim();
  const ago = AGO.exec(text);
  if (ago && (ago[1] || ago[2] || ago[3])) {
    const [days, hours, minutes] = [ago[1], ago[2], ago[3]].map((part) => Number(part ?? 0));
    return new Date(now.getTime() - ((days * 24 + hours) * 60 + minutes) * 60_000);
  }
  const at = ISO.test(text) ? new Date(text.replace(' ', 'T')) : null;
  if (!at || Number.isNaN(at.getTime())) throw new UsageError(`Invalid time '${input}': ${SINCE_HINT}`);
  return at;
}
