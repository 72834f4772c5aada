import { describe, expect, it } from 'vitest';
import { reminderStartMs } from './alert-fold.js';
import { floatingStartAsUtc, instantMs } from '../read-models/push/notifier-rules.js';

describe('the start a reminder counts down to', () => {
  it('reads the calendar date and time as floating (a day without a time starts at midnight)', () => {
    expect(floatingStartAsUtc('2026-11-21', '10:30:00')).toBe(Date.parse('2026-11-21T10:30:00Z'));
    expect(floatingStartAsUtc('2026-11-21', '10:30')).toBe(Date.parse('2026-11-21T10:30:00Z'));
    expect(floatingStartAsUtc('2026-11-21', null)).toBe(Date.parse('2026-11-21T00:00:00Z'));
    expect(floatingStartAsUtc('21/11/2026', null)).toBeNull();
  });

  it('takes an instant the browser saved, never a bare date', () => {
    expect(instantMs('2026-11-21T09:30:00.000Z')).toBe(Date.parse('2026-11-21T09:30:00Z'));
    expect(instantMs('2026-11-21T10:30:00+01:00')).toBe(Date.parse('2026-11-21T09:30:00Z'));
    expect(instantMs('2026-11-21')).toBeNull();
  });

  it('given the visitor zone measured at save time, then it follows the event as staff keep it', () => {
    const rule = { start_date: '2026-11-21', start_time: '11:00:00', start_offset_ms: -3_600_000, event_date: '2026-11-21T09:30:00.000Z' };
    expect(reminderStartMs(rule)).toBe(Date.parse('2026-11-21T10:00:00Z'));
  });

  it('given no zone (the event was unknown at save time), then the saved instant; without one, the floating time as UTC', () => {
    expect(reminderStartMs({ start_date: '2026-11-21', start_time: '11:00:00', start_offset_ms: null, event_date: '2026-11-21T09:30:00.000Z' })).toBe(
      Date.parse('2026-11-21T09:30:00Z'),
    );
    expect(reminderStartMs({ start_date: '2026-11-21', start_time: '11:00:00', start_offset_ms: null, event_date: '2026-11-21' })).toBe(
      Date.parse('2026-11-21T11:00:00Z'),
    );
  });
});
