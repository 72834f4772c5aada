import { describe, expect, it } from 'vitest';
import { formatBuildDate, GUIDE_SECTIONS } from './guide-content';

describe('the guide content', () => {
  it("has the spec's six sections", () => {
    expect(GUIDE_SECTIONS.map((section) => section.id)).toEqual(['dashboard', 'portfolio', 'arbitrage', 'gas', 'alerts', 'calendar']);
  });

  it('shows the build day, or the fallback when the date is missing or unreadable', () => {
    expect(formatBuildDate('2026-11-22T13:05:00.000Z', 'Unknown')).toBe('2026-11-22');
    expect(formatBuildDate(undefined, 'Unknown')).toBe('Unknown');
    expect(formatBuildDate('not a date', 'Unknown')).toBe('Unknown');
  });
});
