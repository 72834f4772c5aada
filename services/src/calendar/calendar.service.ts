import { Injectable } from '@nestjs/common';
import type { CalendarEvent, CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import { safeLinkUrl, sanitizeContentHtml } from '../content/html-sanitizer.js';
import {
  CalendarEventsRepository,
  type CalendarEventRow,
} from '../read-models/calendar-events/calendar-events.repository.js';
import { ProjectionProgress } from '../projector/projection-progress.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';

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
  private readonly answer: HotReadModel<CalendarEventsResponse>;

  constructor(calendar: CalendarEventsRepository, progress: ProjectionProgress) {
    this.answer = new HotReadModel(progress, {
      tables: ['calendar_events'],
      maxAgeMs: 60_000,
      load: async () => ({ items: (await calendar.active()).map(toCalendarEvent) }),
    });
  }

  /** Held in memory, never older than a change a command reported done. */
  events(): Promise<CachedJson<CalendarEventsResponse>> {
    return this.answer.get();
  }
}
