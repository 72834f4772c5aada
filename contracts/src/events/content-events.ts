import { z } from 'zod';
import { API_KEY_PERMISSIONS } from '../api/admin-api-keys.js';
import { CALENDAR_EVENT_TYPES } from '../api/calendar.js';
import { CHAIN_NAMES } from '../chains/names.js';
import { NEWS_TYPES } from '../api/news.js';

/**
 * What staff manage in the panel: breaking news, calendar events, chain settings, API keys and
 * their own dashboard preferences. Updates carry the fields they change and those fields' values
 * before, so the activity log shows both without folding anything. HTML arrives here sanitised.
 */

const id = z.uuid();
const instant = z.iso.datetime({ offset: true });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

export const NewsFields = z.object({
  title: z.string().min(1).max(200),
  content: z.string().max(40_000),
  type: z.enum(NEWS_TYPES),
  priority: z.number().int().min(1).max(5),
  expiresAt: instant.nullable(),
  notifyUsers: z.boolean(),
  isActive: z.boolean(),
});
export type NewsFields = z.infer<typeof NewsFields>;

export const NewsCreatedData = NewsFields.extend({ newsId: id });
export const NewsUpdatedData = z.object({
  newsId: id,
  title: z.string(),
  changes: NewsFields.partial(),
  previous: NewsFields.partial(),
});
export const NewsDeletedData = z.object({ newsId: id, previous: NewsFields });

export const CalendarEventFields = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(40_000).nullable(),
  type: z.enum(CALENDAR_EVENT_TYPES),
  startDate: date,
  endDate: date.nullable(),
  startTime: time.nullable(),
  endTime: time.nullable(),
  location: z.string().max(200).nullable(),
  url: z.string().max(2000).nullable(),
  notifyUsers: z.boolean(),
  isActive: z.boolean(),
});
export type CalendarEventFields = z.infer<typeof CalendarEventFields>;

export const CalendarEventCreatedData = CalendarEventFields.extend({ eventId: id });
export const CalendarEventUpdatedData = z.object({
  eventId: id,
  title: z.string(),
  changes: CalendarEventFields.partial(),
  previous: CalendarEventFields.partial(),
});
export const CalendarEventDeletedData = z.object({ eventId: id, previous: CalendarEventFields });

export const ChainSettingFields = z.object({
  isActive: z.boolean(),
  displayName: z.string().max(100).nullable(),
  maintenanceMessage: z.string().max(500).nullable(),
});
export type ChainSettingFields = z.infer<typeof ChainSettingFields>;

/** The chain's whole setting after the change; `previous` is null the first time staff set it. */
export const ChainSettingChangedData = ChainSettingFields.extend({
  chain: z.enum(CHAIN_NAMES),
  previous: ChainSettingFields.nullable(),
});

const keyHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be the hex SHA-256 of the key, never the key');

/** The key itself was answered once to its creator; only its hash is kept. */
export const ApiKeyCreatedData = z.object({
  keyId: id,
  name: z.string().min(1).max(100),
  keyHash,
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)).min(1),
  expiresAt: instant.nullable(),
});
export const ApiKeyDeletedData = z.object({ keyId: id, name: z.string() });
/** A key was used; recorded at most once a minute per key. */
export const ApiKeyUsedData = z.object({ keyId: id, usedAt: instant });

export const DashboardPreferencesSavedData = z.object({
  accountId: id,
  layout: z.json().nullable(),
  widgets: z.json().nullable(),
  theme: z.string().max(50).nullable(),
});
