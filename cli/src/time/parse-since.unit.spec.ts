import { describe, expect, it } from 'vitest';
import { parseSince } from './parse-since.js';

const NOW = new Date('2026-11-21T10:00:00.000Z');

describe('parseSince', () => {
  it('reads a span back from now', () => {
    expect(parseSince('2h', NOW).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(parseSince('1d12h', NOW).toISOString()).toBe('2026-11-19T22:00:00.000Z');
    expect(parseSince('90m', NOW).toISOString()).toBe('2026-11-21T08:30:00.000Z');
  });

  it('reads a date as its start (UTC) and a time with its zone', () => {
    expect(parseSince('2026-11-01', NOW).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseSince('2026-11-01T12:00:00+02:00', NOW).toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });

  it('refuses anything else as bad usage (exit 2)', () => {
    expect(() => parseSince('yesterday', NOW)).toThrow(expect.objectContaining({ exitCode: 2, message: expect.stringContaining("Invalid time 'yesterday'") }));
    expect(() => parseSince('2026-11-01T12:00', NOW)).toThrow(expect.objectContaining({ exitCode: 2 }));
  });
});
