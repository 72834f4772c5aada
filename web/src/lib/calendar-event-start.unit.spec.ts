import { describe, expect, it } from 'vitest';
import { calendarEventStartMs } from './calendar-event-start';

describe('calendarEventStartMs', () => {
  it('reads the date and start time as local to the viewer', () => {
    expect(calendarEventStartMs({ start_date: '2031-03-04', start_time: '09:30' })).toBe(new Date(2031, 2, 4, 9, 30).getTime());
    expect(calendarEventStartMs({ start_date: '2031-03-04', start_time: '09:30:15' })).toBe(new Date(2031, 2, 4, 9, 30, 15).getTime());
  });

  it('starts an all-day event at the beginning of its day', () => {
    expect(calendarEventStartMs({ start_date: '2031-03-04', start_time: null })).toBe(new Date(2031, 2, 4).getTime());
  });

  it('gives null for what it cannot read', () => {
    expect(calendarEventStartMs({ start_date: 'soon', start_time: null })).toBeNull();
    expect(calendarEventStartMs({ start_date: '2031-03-04', start_time: 'noon' })).toBeNull();
  });
});
