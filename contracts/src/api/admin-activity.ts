/**
 * `GET /api/admin/activity?actor=&action=&since=&until=&before=&limit=` (admins and super admins):
 * every staff and system action read from the event log, newest first: who, what, which item, and
 * the fields before and after. `xsd activity` prints the same. Market data (price and silver
 * readings), visitors' writes and secrets (password, session and key hashes) never appear.
 */
import { z } from 'zod';
import type { StaffPermission } from '../staff/roles.js';

/** The activity log goes with the full dashboard of admins and super admins (not calendar managers). */
export const ACTIVITY_PERMISSION: StaffPermission = 'analytics';
export const ACTIVITY_DEFAULT_LIMIT = 100;
export const ACTIVITY_MAX_LIMIT = 500;
export const ACTIVITY_LOAD_FAILED_MESSAGE = 'Failed to load the activity log. Please try again.';
export const ACTIVITY_SINCE_MESSAGE = 'since must be an ISO 8601 date or time, such as 2026-05-01 or 2026-05-01T12:00:00Z';
export const ACTIVITY_UNTIL_MESSAGE = 'until must be an ISO 8601 date or time, such as 2026-05-01 or 2026-05-01T12:00:00Z';
export const ACTIVITY_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ACTIVITY_MAX_LIMIT}`;
export const ACTIVITY_BEFORE_MESSAGE = 'before must be a positive whole number (an entry sequence)';

/** What an entry is about. */
export const ACTIVITY_TARGET_KINDS = [
  'news',
  'calendar_event',
  'chain',
  'api_key',
  'staff',
  'site',
  'preferences',
  'contact_submission',
  'channel',
  'other',
] as const;
export type ActivityTargetKind = (typeof ACTIVITY_TARGET_KINDS)[number];

export interface ActivityEntry {
  /** Position in the event log: entries are newest first by it; `before` pages on it. */
  readonly sequence: number;
  readonly event_id: string;
  /** The event type, e.g. 'news.created', 'chain.setting-changed', 'maintenance.ended'. */
  readonly action: string;
  /** ISO 8601 instant. */
  readonly occurred_at: string;
  readonly actor: {
    readonly kind: 'staff' | 'system' | 'api_key' | 'visitor';
    /** Staff id, API key id, or the system part's name ('maintenance-scheduler'). */
    readonly id: string | null;
    readonly email: string | null;
  };
  readonly target: {
    readonly kind: ActivityTargetKind;
    readonly id: string;
    /** A readable name when one is known: a title, a network, an email. */
    readonly label: string | null;
  };
  /** The changed fields before the action (null when it created the item). */
  readonly before: Readonly<Record<string, unknown>> | null;
  /** The changed fields after it (null when it removed the item). */
  readonly after: Readonly<Record<string, unknown>> | null;
}

export interface ActivityResponse {
  readonly items: readonly ActivityEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly next_before: number | null;
}

/** A date alone means the start of that day, UTC. */
const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}($|T)/.test(value) && !Number.isNaN(Date.parse(value)), message)
    .transform((value) => new Date(value).toISOString());

export const ActivityQuerySchema = z.object(
  {
    /** A staff email (any case), a staff or key id, or 'system'. */
    actor: z.string().trim().min(1).max(254).optional(),
    /** An action ('news.created') or its family ('news'). */
    action: z.string().trim().min(1).max(100).optional(),
    since: instant(ACTIVITY_SINCE_MESSAGE).optional(),
    until: instant(ACTIVITY_UNTIL_MESSAGE).optional(),
    before: z.coerce
      .number({ error: ACTIVITY_BEFORE_MESSAGE })
      .int(ACTIVITY_BEFORE_MESSAGE)
      .positive(ACTIVITY_BEFORE_MESSAGE)
      .max(Number.MAX_SAFE_INTEGER, ACTIVITY_BEFORE_MESSAGE)
      .optional(),
    limit: z.coerce
      .number({ error: ACTIVITY_LIMIT_MESSAGE })
      .int(ACTIVITY_LIMIT_MESSAGE)
      .min(1, ACTIVITY_LIMIT_MESSAGE)
      .max(ACTIVITY_MAX_LIMIT, ACTIVITY_LIMIT_MESSAGE)
      .default(ACTIVITY_DEFAULT_LIMIT),
  },
  { error: 'Invalid query' },
);
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;
