import { describe, expect, it } from 'vitest';
import { EXIT_USAGE } from '../cli-error.js';
import { parseUntil } from './parse-until.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');

describe('parseUntil', () => {
  it('reads delays from now', () => {
    expect(parseUntil('+90m', NOW).toISOString()).toBe('2026-05-01T13:30:00.000Z');
    expect(parseUntil('+2h', NOW).toISOString()).toBe('2026-05-01T14:00:00.000Z');
    expect(parseUntil('+1h30m', NOW).toISOString()).toBe('2026-05-01T13:30:00.000Z');
    expect(parseUntil('+1d', NOW).toISOString()).toBe('2026-05-02T12:00:00.000Z');
    expect(parseUntil('+45min', NOW).toISOString()).toBe('2026-05-01T12:45:00.000Z');
  });

  it('reads ISO 8601 times with a time zone', () => {
    expect(parseUntil('2026-05-01T18:00:00Z', NOW).toISOString()).toBe('2026-05-01T18:00:00.000Z');
    expect(parseUntil('2026-05-01T20:00+02:00', NOW).toISOString()).toBe('2026-05-01T18:00:00.000Z');
  });

  it('refuses a time without a zone, saying how to write it', () => {
    expect(() => parseUntil('2026-05-01T18:00', NOW)).toThrow("Invalid time '2026-05-01T18:00': add a time zone, such as 2026-05-01T18:00Z for UTC");
  });

  it('refuses times in the past, zero delays and anything else, as bad usage', () => {
    for (const input of ['2026-05-01T11:00:00Z', '+0m', 'tomorrow', '90m', '+2x', '']) {
      expect(() => parseUntil(input, NOW), input).toThrow(expect.objectContaining({ exitCode: EXIT_USAGE, message: expect.stringMatching(/^Invalid time/) }));
    }
  });
});
