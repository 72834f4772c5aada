import { describe, expect, it } from 'vitest';
import { monthStart, statistics, windowStart } from './analytics-statistics.js';

const NOW = new Date('2026-03-15T10:00:00Z');
const totals = { visits: 10, mobile: 4, desktop: 6, timedSessions: 4, bounces: 1, durationSum: 130 };

describe('analytics statistics', () => {
  it('counts today as the first of the window', () => {
    expect(windowStart(NOW, 7)).toBe('2026-03-09');
    expect(windowStart(NOW, 365)).toBe('2025-03-16');
    expect(monthStart(NOW, 11)).toBe('2025-04-01');
  });

  it('averages durations and counts bounces over visits with a duration only', () => {
    const result = statistics({ now: NOW, days: 30, totals, uniqueVisitors: 3, topPages: [], visitsByDay: [] });
    expect(result).toMatchObject({
      days: 30,
      total_visits: 10,
      unique_visitors: 3,
      average_session_duration: 33,
      bounce_rate: 25,
      device_types: [
        { type: 'desktop', count: 6 },
        { type: 'mobile', count: 4 },
      ],
    });
  });

  it('reports 0 rather than NaN when no visit has a duration', () => {
    const none = { ...totals, timedSessions: 0, bounces: 0, durationSum: 0 };
    const result = statistics({ now: NOW, days: 7, totals: none, uniqueVisitors: 0, topPages: [], visitsByDay: [] });
    expect(result.average_session_duration).toBe(0);
    expect(result.bounce_rate).toBe(0);
  });

  it('fills the last 14 days and the last 12 months with zeros where nothing was seen', () => {
    const result = statistics({
      now: NOW,
      days: 365,
      totals,
      uniqueVisitors: 3,
      topPages: [{ page: '/', visits: 8 }],
      visitsByDay: [
        { date: '2025-04-02', visits: 5 },
        { date: '2026-03-02', visits: 2 },
        { date: '2026-03-15', visits: 3 },
      ],
    });
    expect(result.daily_visits).toHaveLength(14);
    expect(result.daily_visits[0]).toEqual({ date: '2026-03-02', visits: 2 });
    expect(result.daily_visits.at(-1)).toEqual({ date: '2026-03-15', visits: 3 });
    expect(result.daily_visits[5]).toEqual({ date: '2026-03-07', visits: 0 });
    expect(result.monthly_visits).toHaveLength(12);
    expect(result.monthly_visits[0]).toEqual({ month: '2025-04', visits: 5 });
    expect(result.monthly_visits.at(-1)).toEqual({ month: '2026-03', visits: 5 });
    expect(result.top_pages).toEqual([{ page: '/', visits: 8 }]);
  });
});
