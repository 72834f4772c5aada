/**
 * `/api/admin/news[/:id]` (permission `breaking_news`): the Breaking News tab. GET lists every
 * item newest first, POST creates (201), PATCH changes the fields it names, DELETE removes.
 * `content` is HTML; the server stores it sanitised with the contracts' content policy.
 */
import { z } from 'zod';
import { NEWS_TYPES, type KnownNewsType, type NewsItem } from './news.js';

export const NEWS_MIN_PRIORITY = 1;
export const NEWS_MAX_PRIORITY = 5;
export const NEWS_DEFAULT_PRIORITY = 1;
export const NEWS_DEFAULT_TYPE: KnownNewsType = 'info';
export const MAX_NEWS_TITLE = 200;
export const MAX_NEWS_CONTENT = 20_000;

export const NEWS_TITLE_REQUIRED_MESSAGE = 'Title is required';
export const NEWS_CONTENT_REQUIRED_MESSAGE = 'Content is required';
export const NEWS_PRIORITY_MESSAGE = `Priority must be a whole number from ${NEWS_MIN_PRIORITY} to ${NEWS_MAX_PRIORITY}`;
export const NEWS_TYPE_MESSAGE = `Type must be one of ${NEWS_TYPES.join(', ')}`;
export const NEWS_EXPIRES_AT_MESSAGE =
  'expires_at must be an ISO 8601 time with a time zone, such as 2026-05-01T12:00:00Z, or null';
export const NEWS_NOT_FOUND_MESSAGE = 'News item not found';
export const NEWS_DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this news item? This cannot be undone.';

/** An item as the admin list shows it: the public fields plus who made it and whether it notifies. */
export interface AdminNewsItem extends NewsItem {
  readonly type: KnownNewsType;
  readonly notify_users: boolean;
  readonly created_by: string | null;
  /** ISO 8601 instant of the last change. */
  readonly updated_at: string;
}

export interface AdminNewsListResponse {
  readonly items: readonly AdminNewsItem[];
}

/** POST 201, PATCH 200. */
export interface AdminNewsItemResponse {
  readonly item: AdminNewsItem;
}

const title = z
  .string({ error: NEWS_TITLE_REQUIRED_MESSAGE })
  .trim()
  .min(1, NEWS_TITLE_REQUIRED_MESSAGE)
  .max(MAX_NEWS_TITLE, `Title must be at most ${MAX_NEWS_TITLE} characters`);
const content = z
  .string({ error: NEWS_CONTENT_REQUIRED_MESSAGE })
  .trim()
  .min(1, NEWS_CONTENT_REQUIRED_MESSAGE)
  .max(MAX_NEWS_CONTENT, `Content must be at most ${MAX_NEWS_CONTENT} characters`);
const type = z.enum(NEWS_TYPES, { error: NEWS_TYPE_MESSAGE });
const priority = z
  .number({ error: NEWS_PRIORITY_MESSAGE })
  .int(NEWS_PRIORITY_MESSAGE)
  .min(NEWS_MIN_PRIORITY, NEWS_PRIORITY_MESSAGE)
  .max(NEWS_MAX_PRIORITY, NEWS_PRIORITY_MESSAGE);
/** '' and null both mean "never expires" (the form sends null when empty). */
const expiresAt = z
  .union([z.literal(''), z.iso.datetime({ offset: true, error: NEWS_EXPIRES_AT_MESSAGE })], { error: NEWS_EXPIRES_AT_MESSAGE })
  .nullable()
  .transform((value) => (value === null || value === '' ? null : new Date(value).toISOString()));
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

export const CreateNewsRequestSchema = z.object(
  {
    title,
    content,
    type: type.default(NEWS_DEFAULT_TYPE),
    priority: priority.default(NEWS_DEFAULT_PRIORITY),
    expires_at: expiresAt.optional().transform((value) => value ?? null),
    notify_users: flag('notify_users').default(false),
    is_active: flag('is_active').default(true),
  },
  { error: NEWS_TITLE_REQUIRED_MESSAGE },
);
export type CreateNewsRequest = z.input<typeof CreateNewsRequestSchema>;

/** Partial: a field left out keeps its value (the eye button sends `{ "is_active": false }`). */
export const UpdateNewsRequestSchema = z.object(
  {
    title: title.optional(),
    content: content.optional(),
    type: type.optional(),
    priority: priority.optional(),
    expires_at: expiresAt.optional(),
    notify_users: flag('notify_users').optional(),
    is_active: flag('is_active').optional(),
  },
  { error: 'Send the fields to change as a JSON object' },
);
export type UpdateNewsRequest = z.input<typeof UpdateNewsRequestSchema>;
