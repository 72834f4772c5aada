/**
 * `/api/admin/calendar-events[/:id]` (permission `calendar`): the Calendar Events tab. GET lists
 * every event by start date, latest first; POST creates (201); PATCH changes the fields it names;
 * DELETE removes. Optional fields are sent as null when empty. `description` is HTML, stored
 * sanitised with the contracts' content policy.
 */
import { z } from 'zod';
import { optionalText, optionalTextPatch } from './admin-content.js';
import { CALENDAR_EVENT_TYPES, type CalendarEvent, type CalendarEventType } from './calendar.js';

export const CALENDAR_DEFAULT_TYPE: CalendarEventType = 'event';
export const MAX_EVENT_TITLE = 200;
export const MAX_EVENT_DESCRIPTION = 20_000;
export const MAX_EVENT_LOCATION = 200;
export const MAX_EVENT_URL = 2000;

export const EVENT_TITLE_REQUIRED_MESSAGE = 'Title is required';
export const EVENT_START_DATE_REQUIRED_MESSAGE = 'Start date is required';
export const EVENT_DATE_MESSAGE = 'Dates must be calendar dates such as 2026-05-01';
export const EVENT_TIME_MESSAGE = 'Times must look like 14:30 or 14:30:00';
export const EVENT_URL_MESSAGE = 'Please enter a valid URL (http:// or https://)';
export const EVENT_TYPE_MESSAGE = `Type must be one of ${CALENDAR_EVENT_TYPES.join(', ')}`;
export const EVENT_END_BEFORE_START_MESSAGE = 'End date must be on or after the start date';
export const EVENT_NOT_FOUND_MESSAGE = 'Calendar event not found';
export const EVENT_DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this event? This cannot be undone.';

export interface AdminCalendarEvent extends CalendarEvent {
  readonly created_by: string | null;
  /** ISO 8601 instants. */
  readonly created_at: string;
  readonly updated_at: string;
}

export interface AdminCalendarEventsResponse {
  readonly items: readonly AdminCalendarEvent[];
}

/** POST 201, PATCH 200. */
export interface AdminCalendarEventResponse {
  readonly item: AdminCalendarEvent;
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** An absolute http(s) URL. */
export function isEventUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const title = z
  .string({ error: EVENT_TITLE_REQUIRED_MESSAGE })
  .trim()
  .min(1, EVENT_TITLE_REQUIRED_MESSAGE)
  .max(MAX_EVENT_TITLE, `Title must be at most ${MAX_EVENT_TITLE} characters`);
const startDate = z
  .string({ error: EVENT_START_DATE_REQUIRED_MESSAGE })
  .trim()
  .min(1, EVENT_START_DATE_REQUIRED_MESSAGE)
  .refine(isCalendarDate, EVENT_DATE_MESSAGE);
/** '' or null: none. */
const optionalDate = z
  .string({ error: EVENT_DATE_MESSAGE })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), EVENT_DATE_MESSAGE)
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value));
/** 'HH:MM' or 'HH:MM:SS' in; stored and answered as 'HH:MM:SS'. */
const optionalTime = z
  .string({ error: EVENT_TIME_MESSAGE })
  .trim()
  .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value), EVENT_TIME_MESSAGE)
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value.length === 5 ? `${value}:00` : value));
const optionalUrl = z
  .string({ error: EVENT_URL_MESSAGE })
  .trim()
  .max(MAX_EVENT_URL, EVENT_URL_MESSAGE)
  .refine((value) => value === '' || isEventUrl(value), EVENT_URL_MESSAGE)
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value));
const type = z.enum(CALENDAR_EVENT_TYPES, { error: EVENT_TYPE_MESSAGE });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : (value as T));

export const CreateCalendarEventRequestSchema = z
  .object(
    {
      title,
      description: optionalText('description', MAX_EVENT_DESCRIPTION),
      type: type.default(CALENDAR_DEFAULT_TYPE),
      start_date: startDate,
      end_date: optionalDate.optional().transform(orNull),
      start_time: optionalTime.optional().transform(orNull),
      end_time: optionalTime.optional().transform(orNull),
      location: optionalText('location', MAX_EVENT_LOCATION),
      url: optionalUrl.optional().transform(orNull),
      notify_users: flag('notify_users').default(false),
      is_active: flag('is_active').default(true),
    },
    { error: EVENT_TITLE_REQUIRED_MESSAGE },
  )
  .refine((event) => event.end_date === null || event.end_date >= event.start_date, {
    message: EVENT_END_BEFORE_START_MESSAGE,
    path: ['end_date'],
  });
export type CreateCalendarEventRequest = z.input<typeof CreateCalendarEventRequestSchema>;

/** Partial: a field left out keeps its value; null clears an optional one. */
export const UpdateCalendarEventRequestSchema = z.object(
  {
    title: title.optional(),
    description: optionalTextPatch('description', MAX_EVENT_DESCRIPTION),
    type: type.optional(),
    start_date: startDate.optional(),
    end_date: optionalDate.optional(),
    start_time: optionalTime.optional(),
    end_time: optionalTime.optional(),
    location: optionalTextPatch('location', MAX_EVENT_LOCATION),
    url: optionalUrl.optional(),
    notify_users: flag('notify_users').optional(),
    is_active: flag('is_active').optional(),
  },
  { error: 'Send the fields to change as a JSON object' },
);
export type UpdateCalendarEventRequest = z.input<typeof UpdateCalendarEventRequestSchema>;
