import type { Default, TimestampDefault, UuidDefault } from '../../database/column-types.js';

export type CalendarEventType = 'announcement' | 'update' | 'maintenance' | 'event' | 'deadline';

/** Staff will write it (as events, through a projection); until then nothing writes it. */
export interface CalendarEventsTable {
  id: UuidDefault;
  title: string;
  /** Sanitised HTML. */
  description: string | null;
  type: Default<CalendarEventType>;
  /** 'YYYY-MM-DD'. */
  start_date: string;
  end_date: string | null;
  /** 'HH:MM' or 'HH:MM:SS' in, 'HH:MM:SS' out. */
  start_time: string | null;
  end_time: string | null;
  location: string | null;
  url: string | null;
  notify_users: Default<boolean>;
  is_active: Default<boolean>;
  created_by: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}
