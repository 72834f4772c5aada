import { Injectable } from '@nestjs/common';
import type { AdminCalendarEvent } from '@xsd/contracts/api/admin-calendar';
import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import type { Selectable } from 'kysely';
import { safeLinkUrl, sanitizeContentHtml } from '../../content/html-sanitizer.js';
import type { CalendarEventsTable } from './calendar-events.table.js';
import { DatabaseRepository } from '../database-repository.js';

export type CalendarEventRow = Pick<
  Selectable<CalendarEventsTable>,
  | 'id'
  | 'title'
  | 'description'
  | 'type'
  | 'start_date'
  | 'end_date'
  | 'start_time'
  | 'end_time'
  | 'location'
  | 'url'
  | 'is_active'
  | 'notify_users'
  | 'updated_at'
>;

/** An event as the public calendar shows it. */
export function toCalendarEvent(row: CalendarEventRow): CalendarEvent {
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

/** An event as the Calendar Events tab shows it: the URL as stored, and who made it and when. */
export function toAdminCalendarEvent(row: Selectable<CalendarEventsTable>): AdminCalendarEvent {
  return {
    ...toCalendarEvent(row),
    url: row.url,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Reads of calendar_events. */
@Injectable()
export class CalendarEventsRepository extends DatabaseRepository {
  /**
   * The public list: active events by start date, earliest first; on the same day all-day events
   * first, then by start time, then in the order they were created.
   */
  async active(): Promise<CalendarEventRow[]> {
    return this.db
      .selectFrom('calendar_events')
      .select([
        'id',
        'title',
        'description',
        'type',
        'start_date',
        'end_date',
        'start_time',
        'end_time',
        'location',
        'url',
        'is_active',
        'notify_users',
        'updated_at',
      ])
      .where('is_active', '=', true)
      .orderBy('start_date', 'asc')
      .orderBy('start_time', (ob) => ob.asc().nullsFirst())
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** The Calendar Events tab: every event, latest start first. */
  async all(): Promise<Selectable<CalendarEventsTable>[]> {
    return this.db
      .selectFrom('calendar_events')
      .selectAll()
      .orderBy('start_date', 'desc')
      .orderBy('start_time', (ob) => ob.desc().nullsLast())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async byId(id: string): Promise<Selectable<CalendarEventsTable> | undefined> {
    return this.db.selectFrom('calendar_events').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
