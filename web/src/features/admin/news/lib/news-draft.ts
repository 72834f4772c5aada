import {
  NEWS_DEFAULT_PRIORITY,
  NEWS_DEFAULT_TYPE,
  type AdminNewsItem,
  type CreateNewsRequest,
  type UpdateNewsRequest,
} from '@xsd/contracts/api/admin-news';
import type { KnownNewsType } from '@xsd/contracts/api/news';
import { isoToLocalInput, localInputToIso } from '../../lib/dates';

export interface NewsDraft {
  readonly title: string;
  readonly content: string;
  readonly type: KnownNewsType;
  readonly priority: number;
  /** datetime-local value or ''. */
  readonly expires: string;
  readonly notify_users: boolean;
  readonly is_active: boolean;
}

export function newsDraftOf(item: AdminNewsItem | null): NewsDraft {
  return {
    title: item?.title ?? '',
    content: item?.content ?? '',
    type: item?.type ?? NEWS_DEFAULT_TYPE,
    priority: item?.priority ?? NEWS_DEFAULT_PRIORITY,
    expires: isoToLocalInput(item?.expires_at ?? null),
    notify_users: item?.notify_users ?? false,
    is_active: item?.is_active ?? true,
  };
}

/** Everything a new item is created with. */
export function createNewsRequest(draft: NewsDraft): CreateNewsRequest {
  return {
    title: draft.title.trim(),
    content: draft.content.trim(),
    type: draft.type,
    priority: draft.priority,
    expires_at: localInputToIso(draft.expires),
    notify_users: draft.notify_users,
    is_active: draft.is_active,
  };
}

/** Only what an edit changed. */
export function updateNewsRequest(draft: NewsDraft, original: AdminNewsItem): UpdateNewsRequest {
  const full = createNewsRequest(draft);
  const before = newsDraftOf(original);
  const changes: Record<string, unknown> = {};
  if (full.title !== before.title.trim()) changes.title = full.title;
  if (full.content !== before.content.trim()) changes.content = full.content;
  if (full.type !== before.type) changes.type = full.type;
  if (full.priority !== before.priority) changes.priority = full.priority;
  if (draft.expires !== before.expires) changes.expires_at = full.expires_at;
  if (full.notify_users !== before.notify_users) changes.notify_users = full.notify_users;
  if (full.is_active !== before.is_active) changes.is_active = full.is_active;
  return changes as UpdateNewsRequest;
}
