import type { AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { describe, expect, it } from 'vitest';
import { formatDuration, statsText } from './stats-text.js';

const STATS: AnalyticsResponse = {
  days: 30,
  total_visits: 12_345,
  unique_visitors: 2_001,
  average_session_duration: 125,
  bounce_rate: 41.25,
  top_pages: Array.from({ length: 12 }, (_, i) => ({ page: `/page-${i}`, visits: 100 - i })),
  daily_visits: [
    { date: '2026-11-20', visits: 3 },
    { date: '2026-11-21', visits: 40 },
  ],
  monthly_visits: [],
  device_types: [
    { type: 'desktop', count: 9_000 },
    { type: 'mobile', count: 3_345 },
  ],
  generated_at: '2026-11-21T10:00:00.000Z',
};

describe('statsText', () => {
  it('prints the figures, the first ten pages, the last days and devices', () => {
    const lines = statsText(STATS);
    expect(lines.slice(0, 6)).toEqual([
      'Analytics, last 30 days',
      '',
      'Total visits     12,345',
      'Unique visitors   2,001',
      'Avg. session      2m 5s',
      'Bounce rate       41.3%',
    ]);
    expect(lines).toContain('  1.   /page-0  100');
    expect(lines).toContain('  10.  /page-9   91');
    expect(lines.some((l) => l.includes('/page-10'))).toBe(false);
    expect(lines).toContain('  2026-11-21  40');
    expect(lines).toContain('  desktop  9,000');
  });

  it('says so when the window has no visits', () => {
    expect(statsText({ ...STATS, top_pages: [] })).toContain('  No visits in this window.');
  });

  it('formats durations as the tab does', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(60)).toBe('1m 0s');
  });
});
