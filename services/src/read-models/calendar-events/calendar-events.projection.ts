import type { CalendarEventFields } from '@xsd/contracts';
import { itemProjection } from '../../projector/item-projection.js';

/** calendar_events from the calendar-event events. */
export const calendarEventsProjection = itemProjection<CalendarEventFields, 'calendar_events'>({
  name: 'calendar_events',
  table: 'calendar_events',
  prefix: 'calendar-event',
  id: 'eventId',
  columns: {
    title: 'title',
    description: 'description',
    type: 'type',
    startDate: 'start_date',
    endDate: 'end_date',
    startTime: 'start_time',
    endTime: 'end_time',
    location: 'location',
    url: 'url',
    notifyUsers: 'notify_users',
    isActive: 'is_active',
  },
});
