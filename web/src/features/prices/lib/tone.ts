/** The text colour class of a signed change. */
export function changeTone(change: number | null): 'ok' | 'err' | 'muted' {
  if (change === null || !Number.isFinite(change) || Number(change.toFixed(2)) === 0) return 'muted';
  return change > 0 ? 'ok' : 'err';
}

/** CSS class of the spec's colours. */
export const TONE_CLASS = { green: 'ok', amber: 'warn', red: 'err' } as const;
