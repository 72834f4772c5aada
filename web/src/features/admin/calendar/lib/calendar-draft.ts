import {
  CALENDAR_DEFAULT_TYPE,
  EVENT_START_DATE_REQUIRED_MESSAGE,
  EVENT_TITLE_REQUIRED_MESSAGE,
  EVENT_URL_MESSAGE,
  isEventUrl,
  type AdminCalendarEvent,
  type CreateCalendarEventRequest,
} from '@xsd/contracts/api/admin-calendar';
import { CALENDAR_EVENT_TYPES, type CalendarEventType } from '@xsd/contracts/api/calendar';
import { readRaw, writeRaw } from '../../../../lib/storage';

/** The browser-local calendar draft (admin-and-data §3): an event's fields plus updated_at. */
export const CALENDAR_DRAFT_KEY = 'admin-calendar-draft';

export const DRAFT_MESSAGES = {
  saved: 'Draft saved successfully!',
  none: 'No draft found.',
  corrupted: 'Failed to load draft. It may be corrupted.',
} as const;

export interface EventDraft {
  readonly title: string;
  readonly description: string;
  readonly type: CalendarEventType;
  readonly start_date: string;
  readonly end_date: string;
  readonly start_time: string;
  readonly end_time: string;
  readonly location: string;
  readonly url: string;
  readonly notify_users: boolean;
  readonly is_active: boolean;
}

export type LoadedDraft = { readonly kind: 'none' } | { readonly kind: 'corrupted' } | { readonly kind: 'ok'; readonly draft: EventDraft; readonly updated_at: string };

const TEXT_FIELDS = ['title', 'description', 'start_date', 'end_date', 'start_time', 'end_time', 'location', 'url'] as const;

export function saveDraft(draft: EventDraft, now: Date): boolean {
  const value = JSON.stringify({ ...draft, updated_at: now.toISOString() });
  writeRaw(CALENDAR_DRAFT_KEY, value);
  return readRaw(CALENDAR_DRAFT_KEY) === value;
}

export function loadDraft(): LoadedDraft {
  const raw = readRaw(CALENDAR_DRAFT_KEY);
  if (raw === null) return { kind: 'none' };
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null) return { kind: 'corrupted' };
    for (const field of TEXT_FIELDS) if (typeof (value[field] ?? '') !== 'string') return { kind: 'corrupted' };
    const type = (CALENDAR_EVENT_TYPES as readonly unknown[]).includes(value.type) ? (value.type as CalendarEventType) : 'event';
    const text = (field: (typeof TEXT_FIELDS)[number]) => (value[field] as string | undefined) ?? '';
    return {
      kind: 'ok',
      updated_at: typeof value.updated_at === 'string' ? value.updated_at : '',
      draft: {
        title: text('title'),
        description: text('description'),
        type,
        start_date: text('start_date'),
        end_date: text('end_date'),
        start_time: text('start_time'),
        end_time: text('end_time'),
        location: text('location'),
        url: text('url'),
        notify_users: value.notify_users === true,
        is_active: value.is_active !== false,
      },
    };
  } catch {
    return { kind: 'corrupted' };
  }
}

/** The form's fields for an event, or empty ones for a new event. */
export function eventDraftOf(item: AdminCalendarEvent | null): EventDraft {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    type: item?.type ?? CALENDAR_DEFAULT_TYPE,
    start_date: item?.start_date ?? '',
    end_date: item?.end_date ?? '',
    start_time: item?.start_time?.slice(0, 5) ?? '',
    end_time: item?.end_time?.slice(0, 5) ?? '',
    location: item?.location ?? '',
    url: item?.url ?? '',
    notify_users: item?.notify_users ?? false,
    is_active: item?.is_active ?? true,
  };
}

/** The spec's rule: optional fields are sent as null when empty. */
export function eventRequest(draft: EventDraft): CreateCalendarEventRequest {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    title: draft.title.trim(),
    description: orNull(draft.description),
    type: draft.type,
    start_date: draft.start_date,
    end_date: orNull(draft.end_date),
    start_time: orNull(draft.start_time),
    end_time: orNull(draft.end_time),
    location: orNull(draft.location),
    url: orNull(draft.url),
    notify_users: draft.notify_users,
    is_active: draft.is_active,
  };
}

/** The first of the spec's checks a draft fails, or null. */
export function eventDraftError(draft: EventDraft): string | null {
  if (!draft.title.trim()) return EVENT_TITLE_REQUIRED_MESSAGE;
  if (!draft.start_date) return EVENT_START_DATE_REQUIRED_MESSAGE;
  if (draft.url.trim() && !isEventUrl(draft.url.trim())) return EVENT_URL_MESSAGE;
  return null;
}
