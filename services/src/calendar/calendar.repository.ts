import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../database/schema.js';
import type { CalendarEventsTable } from '../read-models/calendar-events/calendar-events.table.js';

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
>;

/** Reads of calendar_events. */
export class CalendarRepository {
  constructor(private readonly db: Kysely<DB>) {}

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
      ])
      .where('is_active', '=', true)
      .orderBy('start_date', 'asc')
      .orderBy('start_time', (ob) => ob.asc().nullsFirst())
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }
}
