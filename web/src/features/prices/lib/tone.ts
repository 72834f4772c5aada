/** CSS class of the spec's colours. */
export const TONE_CLASS = { green: 'ok', amber: 'warn', red: 'err' } as const;
