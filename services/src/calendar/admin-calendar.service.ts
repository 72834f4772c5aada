import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type CalendarEventFields, calendarEventSubject } from '@xsd/contracts';
import {
  type AdminCalendarEventResponse,
  type AdminCalendarEventsResponse,
  type CreateCalendarEventRequestSchema,
  EVENT_NOT_FOUND_MESSAGE,
  type UpdateCalendarEventRequestSchema,
} from '@xsd/contracts/api/admin-calendar';
import { type DeletedResponse, ITEM_ID } from '@xsd/contracts/api/admin-content';
import type { z } from 'zod';
import { ApiError } from '../http/api-error.filter.js';
import { sanitizeContentHtml } from '../content/html-sanitizer.js';
import { CalendarEventsRepository, toAdminCalendarEvent } from '../read-models/calendar-events/calendar-events.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { DecideCalendarEvent } from './calendar-event.commands.js';
import type { CalendarEventCommand } from './calendar-event.decider.js';

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

const notFound = () => new ApiError(404, 'event_not_found', EVENT_NOT_FOUND_MESSAGE);

/** The Calendar Events tab's commands and list. */
@Injectable()
export class AdminCalendarService {
  constructor(
    private readonly commands: CommandBus,
    private readonly calendar: CalendarEventsRepository,
  ) {}

  async list(): Promise<AdminCalendarEventsResponse> {
    return { items: (await this.calendar.all()).map(toAdminCalendarEvent) };
  }

  async create(
    by: AuthenticatedStaff,
    request: z.output<typeof CreateCalendarEventRequestSchema>,
  ): Promise<AdminCalendarEventResponse> {
    const eventId = randomUUID();
    // Every field is there: the create schema fills in the defaults.
    const fields = eventFields(request) as CalendarEventFields;
    await this.run(by, eventId, { type: 'CreateCalendarEvent', data: { eventId, fields } });
    return this.item(eventId);
  }

  async update(
    by: AuthenticatedStaff,
    eventId: string,
    request: z.output<typeof UpdateCalendarEventRequestSchema>,
  ): Promise<AdminCalendarEventResponse> {
    if (!ITEM_ID.safeParse(eventId).success) throw notFound();
    const changes = eventFields(request);
    await this.run(by, eventId, { type: 'UpdateCalendarEvent', data: { eventId, changes } });
    return this.item(eventId);
  }

  async delete(by: AuthenticatedStaff, eventId: string): Promise<DeletedResponse> {
    if (!ITEM_ID.safeParse(eventId).success) throw notFound();
    await this.run(by, eventId, { type: 'DeleteCalendarEvent', data: { eventId } });
    return { deleted: eventId };
  }

  private async run(by: AuthenticatedStaff, eventId: string, command: CalendarEventCommand): Promise<void> {
    await this.commands.execute(new DecideCalendarEvent(calendarEventSubject(eventId), staffActor(by), command));
  }

  private async item(eventId: string): Promise<AdminCalendarEventResponse> {
    const row = await this.calendar.byId(eventId);
    if (!row) throw notFound();
    return { item: toAdminCalendarEvent(row) };
  }
}
