import { Injectable } from '@nestjs/common';
import type { CalendarEvent, CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import { safeLinkUrl, sanitizeContentHtml } from '../content/html-sanitizer.js';
import {
  CalendarEventsRepository,
  type CalendarEventRow,
} from '../read-models/calendar-events/calendar-events.repository.js';

function toCalendarEvent(row: CalendarEventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description === null ? null : sanitizeContentHtml(row.description),
    type: row.type,
    start_date: row.start_date,
    end_date: row.end_date,
    start_time: row.start_time,
    end_time: row.end_time,
    location: row.location,
    // The "Learn More" link: only an http(s) URL ever reaches an href.
    url: safeLinkUrl(row.url),
    is_active: row.is_active,
    notify_users: row.notify_users,
  };
}

/** The public calendar. */
@Injectable()
export class CalendarService {
  constructor(private readonly calendar: CalendarEventsRepository) {}

  async events(): Promise<CalendarEventsResponse> {
    const rows = await this.calendar.active();
    return { items: rows.map(toCalendarEvent) };
  }
}
