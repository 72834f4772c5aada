import type { CalendarEventFields } from '@xsd/contracts';
import type { Updateable } from 'kysely';
import { defineProjection } from '../../projector/projection.js';
import type { CalendarEventsTable } from './calendar-events.table.js';

function columns(fields: Partial<CalendarEventFields>): Updateable<CalendarEventsTable> {
  const row: Updateable<CalendarEventsTable> = {};
  if (fields.title !== undefined) row.title = fields.title;
  if (fields.description !== undefined) row.description = fields.description;
  if (fields.type !== undefined) row.type = fields.type;
  if (fields.startDate !== undefined) row.start_date = fields.startDate;
  if (fields.endDate !== undefined) row.end_date = fields.endDate;
  if (fields.startTime !== undefined) row.start_time = fields.startTime;
  if (fields.endTime !== undefined) row.end_time = fields.endTime;
  if (fields.location !== undefined) row.location = fields.location;
  if (fields.url !== undefined) row.url = fields.url;
  if (fields.notifyUsers !== undefined) row.notify_users = fields.notifyUsers;
  if (fields.isActive !== undefined) row.is_active = fields.isActive;
  return row;
}

/** calendar_events from the calendar-event events; times are the events'. */
export const calendarEventsProjection = defineProjection({
  name: 'calendar_events',
  handles: ['calendar-event.created', 'calendar-event.updated', 'calendar-event.deleted'],
  tables: ['calendar_events'],
  async apply(trx, events) {
    for (const { event } of events) {
      const at = event.occurredAt;
      switch (event.type) {
        case 'calendar-event.created': {
          const { eventId, ...fields } = event.data;
          await trx
            .insertInto('calendar_events')
            .values({
              id: eventId,
              title: fields.title,
              start_date: fields.startDate,
              ...columns(fields),
              created_by: event.actor.kind === 'staff' ? event.actor.id : null,
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'calendar-event.updated':
          await trx
            .updateTable('calendar_events')
            .set({ ...columns(event.data.changes), updated_at: at })
            .where('id', '=', event.data.eventId)
            .execute();
          break;
        case 'calendar-event.deleted':
          await trx.deleteFrom('calendar_events').where('id', '=', event.data.eventId).execute();
          break;
      }
    }
  },
});
