import { calendarEventFixture } from '@xsd/contracts/testing/calendar-fixtures';
import { describe, expect, it } from 'vitest';
import { calendarFeed, escapeText, foldLine, type FeedEvent } from './icalendar.js';

const OPTIONS = { name: 'Test Calendar', uidDomain: 'cal.test', refreshMinutes: 30 };

const event = (overrides: Partial<FeedEvent> = {}): FeedEvent => ({
  ...calendarEventFixture({ id: 'e1', title: 'Listing', type: 'announcement' }),
  updated_at: new Date('2026-02-01T10:20:30Z'),
  ...overrides,
});

/** The VEVENT's lines, unfolded. */
function lines(feed: string): string[] {
  return feed.replace(/\r\n /g, '').split('\r\n');
}

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b; c, d\r\ne\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });
});

describe('foldLine', () => {
  it('leaves lines of 75 octets alone', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
  });

  it('folds at 75 octets, continuation lines starting with a space and holding 74 more', () => {
    const folded = foldLine('x'.repeat(200));
    const parts = folded.split('\r\n');
    expect(parts.map((p) => Buffer.byteLength(p))).toEqual([75, 75, 52]);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe('x'.repeat(200));
  });

  it('counts octets, not characters, and never splits a UTF-8 sequence', () => {
    const text = `SUMMARY:${'é€😀'.repeat(20)}`;
    const parts = foldLine(text).split('\r\n');
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(Buffer.from(part).toString('utf8')).toBe(part); // no replacement characters
      expect(part).not.toContain('\uFFFD');
    }
    expect(foldLine(text).replace(/\r\n /g, '')).toBe(text);
  });
});

describe('calendarFeed', () => {
  it('writes a VCALENDAR with CRLF line ends and the refresh hints', () => {
    const feed = calendarFeed([], OPTIONS);
    expect(feed).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test Calendar//Calendar//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'NAME:Test Calendar',
        'X-WR-CALNAME:Test Calendar',
        'REFRESH-INTERVAL;VALUE=DURATION:PT30M',
        'X-PUBLISHED-TTL:PT30M',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('writes an all-day event with an exclusive end date, stamped with its last change', () => {
    expect(lines(calendarFeed([event({ end_date: '2026-03-31' })], OPTIONS)).slice(9, 17)).toEqual([
      'BEGIN:VEVENT',
      'UID:e1@cal.test',
      'DTSTAMP:20260201T102030Z',
      'DTSTART;VALUE=DATE:20260305',
      'DTEND;VALUE=DATE:20260401',
      'SUMMARY:Listing',
      'CATEGORIES:ANNOUNCEMENT',
      'END:VEVENT',
    ]);
  });

  it('writes timed events in floating local time, with the description as text', () => {
    const feed = calendarFeed(
      [
        event({
          title: 'Bridge upgrade, part 1',
          type: 'maintenance',
          start_time: '14:00:00',
          end_time: '16:30:00',
          description: '<p>Bridges <b>pause</b> &amp; resume</p><p>Line two</p><script>x()</script>',
          location: 'Online; Discord',
          url: 'https://bankx.io/bridge',
        }),
      ],
      OPTIONS,
    );
    expect(lines(feed)).toEqual(
      expect.arrayContaining([
        'DTSTART:20260305T140000',
        'DTEND:20260305T163000',
        'SUMMARY:Bridge upgrade\\, part 1',
        'DESCRIPTION:Bridges pause & resume\\nLine two',
        'LOCATION:Online\\; Discord',
        'URL:https://bankx.io/bridge',
        'CATEGORIES:MAINTENANCE',
      ]),
    );
    expect(feed).not.toMatch(/<|x\(\)/);
  });

  it('leaves DTEND out for a timed event without an end time, or one that ends before it starts', () => {
    expect(calendarFeed([event({ start_time: '09:00' })], OPTIONS)).not.toContain('DTEND');
    expect(calendarFeed([event({ start_time: '09:00', end_time: '08:00' })], OPTIONS)).not.toContain('DTEND');
    expect(lines(calendarFeed([event({ start_time: '23:00', end_time: '01:00', end_date: '2026-03-06' })], OPTIONS))).toContain(
      'DTEND:20260306T010000',
    );
  });

  it('gives the same bytes for the same events (a stable ETag)', () => {
    expect(calendarFeed([event()], OPTIONS)).toBe(calendarFeed([event()], OPTIONS));
  });
});
