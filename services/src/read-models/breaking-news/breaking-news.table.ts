import type { Default, Timestamp, TimestampDefault, UuidDefault } from '../../database/column-types.js';

export type NewsType = 'info' | 'warning' | 'success' | 'error';

/** Staff will write it (as events, through a projection); until then nothing writes it. */
export interface BreakingNewsTable {
  id: UuidDefault;
  title: string;
  /** Sanitised HTML. */
  content: string;
  type: Default<NewsType>;
  /** 1 to 5; 4 or more is high priority. */
  priority: Default<number>;
  expires_at: Timestamp | null;
  notify_users: Default<boolean>;
  is_active: Default<boolean>;
  created_by: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}
