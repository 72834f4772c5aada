import { UsageError } from '../cli-error.js';

const RELATIVE = /^\+\s*(?:(\d+)\s*d)?\s*(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?$/i;
/** An ISO 8601 date and time with a time zone (Z or ±hh:mm), as the API accepts. */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?$/;

export const UNTIL_HINT = 'expected an ISO 8601 time with a time zone (2026-05-01T12:00:00Z) or a delay such as +90m, +2h or +1h30m';

/**
 * `--until`: an ISO 8601 time with a time zone, or a delay from now (`+90m`, `+2h`, `+1d`,
 * `+1h30m`). The result must lie in the future. Throws a UsageError (exit 2) otherwise.
 */
export function parseUntil(input: string, now: Date): Date {
  const text = input.trim();
  const relative = RELATIVE.exec(text);
  if (relative && (relative[1] || relative[2] || relative[3])) {
    const [days, hours, minutes] = [relative[1], relative[2], relative[3]].map((part) => Number(part ?? 0));
    const ms = ((days * 24 + hours) * 60 + minutes) * 60_000;
    if (ms <= 0) throw new UsageError(`Invalid time '${input}': the delay must be longer than 0 minutes`);
    return new Date(now.getTime() + ms);
  }
  if (ISO_WITHOUT_ZONE.test(text)) {
    throw new UsageError(`Invalid time '${input}': add a time zone, such as ${text.length === 10 ? `${text}T00:00:00Z` : `${text}Z`} for UTC`);
  }
  const at = ISO_WITH_ZONE.test(text) ? new Date(text.replace(' ', 'T')) : null;
  if (!at || Number.isNaN(at.getTime())) throw new UsageError(`Invalid time '${input}': ${UNTIL_HINT}`);
  if (at.getTime() <= now.getTime()) throw new UsageError(`Invalid time '${input}': it is in the past; the expected up time must be in the future`);
  return at;
}
