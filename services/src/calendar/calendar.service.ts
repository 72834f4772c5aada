import { Injectable } from '@nestjs/common';
import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import { CalendarEventsRepository, toCalendarEvent } from '../read-models/calendar-events/calendar-events.repository.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { CachedBody, type CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';
import { calendarFeed, type FeedEvent } from './icalendar.js';

/** The feed's name in calendar apps and the domain of its event UIDs. */
const FEED_NAME = 'Silverboard Community Calendar';
const FEED_UID_DOMAIN = 'calendar.silverboard';
/** Calendar apps are asked to poll as often as the site refreshes upcoming events. */
const FEED_REFRESH_MINUTES = 30;
const TABLES = ['calendar_events'] as const;
const MAX_AGE_MS = 60_000;

/** The public calendar. */
@Injectable()
export class CalendarService {
  private readonly answer: HotReadModel<CalendarEventsResponse>;
  private readonly feedText: HotReadModel<string>;
  /** The feed's bytes for each text the model holds, made once per change. */
  private readonly feedBodies = new WeakMap<CachedJson<string>, CachedBody>();

  constructor(calendar: CalendarEventsRepository, progress: ProjectionProgress) {
    this.answer = new HotReadModel(progress, {
      tables: TABLES,
      maxAgeMs: MAX_AGE_MS,
      load: async () => ({ items: (await calendar.active()).map(toCalendarEvent) }),
    });
    this.feedText = new HotReadModel(progress, {
      tables: TABLES,
      maxAgeMs: MAX_AGE_MS,
      load: async () => {
        const events = (await calendar.active()).map((row): FeedEvent => ({ ...toCalendarEvent(row), updated_at: row.updated_at }));
        return calendarFeed(events, { name: FEED_NAME, uidDomain: FEED_UID_DOMAIN, refreshMinutes: FEED_REFRESH_MINUTES });
      },
    });
  }

  /** Held in memory, never older than a change a command reported done. */
  events(): Promise<CachedJson<CalendarEventsResponse>> {
    return this.answer.get();
  }

  /** The active events as an iCalendar feed, with an ETag that changes only with the events. */
  async feed(): Promise<CachedBody> {
    const text = await this.feedText.get();
    let body = this.feedBodies.get(text);
    if (body === undefined) {
      body = new CachedBody(Buffer.from(text.value));
      this.feedBodies.set(text, body);
    }
    return body;
  }
}
