import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { htmlToText } from '../content/html-text.js';

/**
 * The calendar as an RFC 5545 feed, written here rather than with the `ics` package: that one
 * folds lines by characters (RFC 5545 says 75 octets, so a line of accents or emoji overflows)
 * and stamps every build with the current time (DTSTAMP), which would change the ETag on each
 * rebuild and on each replica, so calendar clients could never get a 304.
 */
export interface FeedEvent extends CalendarEvent {
  /** When staff last changed the event: its DTSTAMP, so the feed's bytes change only with the events. */
  readonly updated_at: Date;
}

export interface FeedOptions {
  readonly name: string;
  /** Right-hand side of each UID (`<event id>@<domain>`). */
  readonly uidDomain: string;
  /** How often clients should poll (the spec refreshes upcoming events every 30 minutes). */
  readonly refreshMinutes: number;
}

export const ICALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded (RFC 5545 3.1): no line longer than 75 octets, continuation lines start
 * with a space, and a UTF-8 sequence is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_LINE_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-03-05` as `20260305`, `days` later. */
function dateValue(date: string, days = 0): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${shifted.getUTCFullYear()}${pad(shifted.getUTCMonth() + 1)}${pad(shifted.getUTCDate())}`;
}

/** A floating local time (no zone): the calendar's times are local to the viewer. */
function dateTimeValue(date: string, time: string): string {
  const [h = '0', min = '0', s = '0'] = time.split(':');
  return `${dateValue(date)}T${pad(Number(h))}${pad(Number(min))}${pad(Number(s))}`;
}

function utcStamp(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
}

function eventLines(event: FeedEvent, options: FeedOptions): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.id}@${options.uidDomain}`, `DTSTAMP:${utcStamp(event.updated_at)}`];
  const lastDay = event.end_date && event.end_date >= event.start_date ? event.end_date : event.start_date;
  if (event.start_time === null) {
    // All-day: DTEND is exclusive, the day after the last one.
    lines.push(`DTSTART;VALUE=DATE:${dateValue(event.start_date)}`, `DTEND;VALUE=DATE:${dateValue(lastDay, 1)}`);
  } else {
    lines.push(`DTSTART:${dateTimeValue(event.start_date, event.start_time)}`);
    if (event.end_time !== null) {
      const end = dateTimeValue(lastDay, event.end_time);
      if (end > dateTimeValue(event.start_date, event.start_time)) lines.push(`DTEND:${end}`);
    }
  }
  lines.push(`SUMMARY:${escapeText(event.title)}`);
  const description = event.description === null ? '' : htmlToText(event.description);
  if (description !== '') lines.push(`DESCRIPTION:${escapeText(description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`CATEGORIES:${event.type.toUpperCase()}`, 'END:VEVENT');
  return lines;
}

/** The whole feed, CRLF line ends, folded. */
export function calendarFeed(events: readonly FeedEvent[], options: FeedOptions): string {
  const ttl = `PT${options.refreshMinutes}M`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(options.name)}//Calendar//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(options.name)}`,
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${ttl}`,
    `X-PUBLISHED-TTL:${ttl}`,
    ...events.flatMap((event) => eventLines(event, options)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
