import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type CalendarEventFields, calendarEventSubject } from '@xsd/contracts';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  type AdminCalendarEvent,
  type AdminCalendarEventResponse,
  type AdminCalendarEventsResponse,
  type CreateCalendarEventRequestSchema,
  EVENT_NOT_FOUND_MESSAGE,
  type UpdateCalendarEventRequestSchema,
} from '@xsd/contracts/api/admin-calendar';
import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import type { z } from 'zod';
import { sanitizeContentHtml } from '../content/html-sanitizer.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ApiError } from '../http/api-error.filter.js';
import { CachedBody, type CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import {
  CalendarEventsRepository,
  toAdminCalendarEvent,
  toCalendarEvent,
} from '../read-models/calendar-events/calendar-events.repository.js';
import { StaffItemCommands } from '../staff/staff-item-commands.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { DecideCalendarEvent } from './calendar-event.commands.js';
import { CALENDAR_EVENT } from './calendar-event.decider.js';
import { calendarFeed, type FeedEvent } from './icalendar.js';

/** The feed's name in calendar apps and the domain of its event UIDs. */
const FEED_NAME = 'Silverboard Community Calendar';
const FEED_UID_DOMAIN = 'calendar.silverboard';
/** Calendar apps are asked to poll as often as the site refreshes upcoming events. */
const FEED_REFRESH_MINUTES = 30;
const TABLES = ['calendar_events'] as const;
const MAX_AGE_MS = 60_000;

/** Stored sanitised; markup that sanitises to nothing is no description. */
function sanitizedDescription(html: string | null): string | null {
  if (html === null) return null;
  return sanitizeContentHtml(html).trim() || null;
}

/** The request's fields as the events name them; a field left out stays undefined (an update keeps it). */
function eventFields(request: z.output<typeof UpdateCalendarEventRequestSchema>): Partial<CalendarEventFields> {
  return {
    title: request.title,
    description: request.description === undefined ? undefined : sanitizedDescription(request.description),
    type: request.type,
    startDate: request.start_date,
    endDate: request.end_date,
    startTime: request.start_time,
    endTime: request.end_time,
    location: request.location,
    url: request.url,
    notifyUsers: request.notify_users,
    isActive: request.is_active,
  };
}

/** Calendar events: the public calendar and its feed, and the Calendar Events tab's commands and list. */
@Injectable()
export class CalendarService {
  private readonly activeAnswer: HotReadModel<CalendarEventsResponse>;
  private readonly feedText: HotReadModel<string>;
  /** The feed's bytes for each text the model holds, made once per change. */
  private readonly feedBodies = new WeakMap<CachedJson<string>, CachedBody>();
  private readonly items: StaffItemCommands<
    typeof CALENDAR_EVENT,
    CalendarEventFields,
    z.output<typeof UpdateCalendarEventRequestSchema>,
    AdminCalendarEvent
  >;

  constructor(
    commands: CommandBus,
    private readonly calendar: CalendarEventsRepository,
    progress: ProjectionProgress,
  ) {
    this.items = new StaffItemCommands(commands, {
      names: CALENDAR_EVENT,
      command: DecideCalendarEvent,
      subject: calendarEventSubject,
      fields: eventFields,
      notFound: () => new ApiError(404, 'event_not_found', EVENT_NOT_FOUND_MESSAGE),
      answer: async (id) => {
        const row = await calendar.byId(id);
        return row && toAdminCalendarEvent(row);
      },
    });
    this.activeAnswer = new HotReadModel(progress, {
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

  /** The active events: held in memory, never older than a change a command reported done. */
  events(): Awaitable<CachedJson<CalendarEventsResponse>> {
    return this.activeAnswer.get();
  }

  /** The active events as an iCalendar feed, with an ETag that changes only with the events. */
  async feed(): Promise<CachedBody> {
    const text = await this.feedText.get();
    let body = this.feedBodies.get(text);
    if (body === undefined) {
      body = new CachedBody(Buffer.from(text.parse()));
      this.feedBodies.set(text, body);
    }
    return body;
  }

  async list(): Promise<AdminCalendarEventsResponse> {
    return { items: (await this.calendar.all()).map(toAdminCalendarEvent) };
  }

  create(by: AuthenticatedStaff, request: z.output<typeof CreateCalendarEventRequestSchema>): Promise<AdminCalendarEventResponse> {
    return this.items.create(by, request);
  }

  update(
    by: AuthenticatedStaff,
    eventId: string,
    request: z.output<typeof UpdateCalendarEventRequestSchema>,
  ): Promise<AdminCalendarEventResponse> {
    return this.items.update(by, eventId, request);
  }

  delete(by: AuthenticatedStaff, eventId: string): Promise<DeletedResponse> {
    return this.items.delete(by, eventId);
  }
}
