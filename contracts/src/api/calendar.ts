/** `GET /api/calendar/events`: active calendar events, ordered by start_date ascending. */

export const CALENDAR_EVENT_TYPES = ['announcement', 'update', 'maintenance', 'event', 'deadline'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

export interface CalendarEvent {
  readonly id: string;
  readonly title: string;
  /** HTML, sanitised on the server and again before rendering. */
  readonly description: string | null;
  readonly type: CalendarEventType;
  /** Calendar date `YYYY-MM-DD` (local to the viewer). */
  readonly start_date: string;
  readonly end_date: string | null;
  /** `HH:MM` or `HH:MM:SS`, local to the viewer; null for an all-day event. */
  readonly start_time: string | null;
  readonly end_time: string | null;
  readonly location: string | null;
  readonly url: string | null;
  readonly is_active: boolean;
  readonly notify_users: boolean;
}

export interface CalendarEventsResponse {
  readonly items: readonly CalendarEvent[];
}
