import {
  NEWS_CONTENT_REQUIRED_MESSAGE,
  NEWS_DEFAULT_PRIORITY,
  NEWS_DEFAULT_TYPE,
  NEWS_DELETE_CONFIRM_MESSAGE,
  NEWS_MAX_PRIORITY,
  NEWS_MIN_PRIORITY,
  NEWS_TITLE_REQUIRED_MESSAGE,
  MAX_NEWS_CONTENT,
  MAX_NEWS_TITLE,
  type AdminNewsItem,
  type CreateNewsRequest,
  type UpdateNewsRequest,
} from '@xsd/contracts/api/admin-news';
import { NEWS_TYPES, NEWS_URGENT_PRIORITY, type KnownNewsType } from '@xsd/contracts/api/news';
import { isNewsPushable, newsPushSummary } from '@xsd/contracts/api/push';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../components/ui/panel';
import { useAdminNews, useCreateNews, useDeleteNews, useUpdateNews } from '../api/news';
import { useSendNewsPush } from '../api/news-push';
import { ConfirmAction } from '../components/confirm-action';
import { ContentHtml } from '../components/content-html';
import { QueryState } from '../components/query-state';
import { formatInstant, isoToLocalInput, localInputToIso } from '../lib/dates';
import { messageOr } from '../lib/messages';
import { pushSendError } from '../lib/push-send';
import { useTimedFlag } from '../lib/use-flash';

type Editing = { readonly kind: 'new' } | { readonly kind: 'edit'; readonly item: AdminNewsItem } | null;

/** Every news item with create, edit, delete (after confirmation) and the eye toggle. */
export function NewsTab() {
  const news = useAdminNews();
  const update = useUpdateNews();
  const remove = useDeleteNews();
  const push = useSendNewsPush();
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const [pushed, flashPushed] = useTimedFlag<string>();

  return (
    <>
      {error ? (
        <p className="region-error" role="alert">
          {error}
        </p>
      ) : null}
      {pushed ? (
        <p className="banner banner--ok" role="status" data-testid="news-push-result">
          {pushed}
        </p>
      ) : null}
      {editing ? <NewsForm key={editing.kind === 'edit' ? editing.item.id : 'new'} editing={editing} onDone={() => setEditing(null)} /> : null}
      <Panel
        title="Breaking news"
        testId="news-list"
        actions={
          editing ? null : (
            <button type="button" className="btn btn--small btn--primary" onClick={() => setEditing({ kind: 'new' })}>
              + New Item
            </button>
          )
        }
      >
        <QueryState pending={news.isPending} error={news.error} errorMessage={messageOr(news.error, 'Failed to load news')} onRetry={() => void news.refetch()}>
          {news.data?.items.length === 0 ? <p className="muted">No news items yet.</p> : null}
          <ul className="admin-list">
            {news.data?.items.map((item) => (
              <li key={item.id} className={`admin-list__item${item.is_active ? '' : ' admin-list__item--inactive'}`} data-testid="news-item">
                <div className="admin-list__main">
                  <strong className="admin-list__title">{item.title}</strong>{' '}
                  <span className={`tag news-type--${item.type}`}>{item.type}</span>{' '}
                  {item.priority >= NEWS_URGENT_PRIORITY ? <span className="tag warn">High Priority</span> : null}{' '}
                  {item.notify_users ? <span className="tag tag--muted">notify</span> : null}
                  <ContentHtml html={item.content} className="admin-list__content" />
                  <p className="admin-list__meta muted">
                    priority {item.priority} · {item.is_active ? 'active' : 'inactive'} · expires {formatInstant(item.expires_at, 'never')} · created{' '}
                    {formatInstant(item.created_at)}
                  </p>
                </div>
                <div className="admin-list__actions">
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-pressed={item.is_active}
                    aria-label={`${item.is_active ? 'Hide' : 'Show'} news item ${item.title}`}
                    disabled={update.isPending}
                    onClick={() => {
                      setError(null);
                      update.mutate({ id: item.id, changes: { is_active: !item.is_active } }, { onError: (e) => setError(messageOr(e, 'Failed to update news item')) });
                    }}
                  >
                    {item.is_active ? '◉ shown' : '○ hidden'}
                  </button>
                  {/* Offered for an active item with notify_users on (and not expired), as the server allows. */}
                  {isNewsPushable(item, Date.now()) ? (
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-label={`Send push notification for ${item.title}`}
                      disabled={push.isPending}
                      onClick={() => {
                        setError(null);
                        push.mutate(item.id, { onSuccess: (figures) => flashPushed(newsPushSummary(figures)), onError: (e) => setError(pushSendError(e)) });
                      }}
                    >
                      {push.isPending && push.variables === item.id ? 'Sending...' : '🔔 Send Push'}
                    </button>
                  ) : null}
                  <button type="button" className="btn btn--small" aria-label={`Edit news item ${item.title}`} onClick={() => setEditing({ kind: 'edit', item })}>
                    Edit
                  </button>
                  <ConfirmAction
                    label="Delete"
                    ariaLabel={`Delete news item ${item.title}`}
                    question={NEWS_DELETE_CONFIRM_MESSAGE}
                    busy={remove.isPending}
                    onConfirm={() => {
                      setError(null);
                      remove.mutate(item.id, { onError: (e) => setError(messageOr(e, 'Failed to delete news item')) });
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </QueryState>
      </Panel>
    </>
  );
}

interface NewsDraft {
  readonly title: string;
  readonly content: string;
  readonly type: KnownNewsType;
  readonly priority: number;
  /** datetime-local value or ''. */
  readonly expires: string;
  readonly notify_users: boolean;
  readonly is_active: boolean;
}

function draftOf(item: AdminNewsItem | null): NewsDraft {
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

/** The request for a draft: everything for a new item, only what changed for an edit. */
export function newsRequest(draft: NewsDraft, original: AdminNewsItem | null): CreateNewsRequest | UpdateNewsRequest {
  const full: CreateNewsRequest = {
    title: draft.title.trim(),
    content: draft.content.trim(),
    type: draft.type,
    priority: draft.priority,
    expires_at: localInputToIso(draft.expires),
    notify_users: draft.notify_users,
    is_active: draft.is_active,
  };
  if (!original) return full;
  const before = draftOf(original);
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

function NewsForm({ editing, onDone }: { readonly editing: Exclude<Editing, null>; readonly onDone: () => void }) {
  const id = useId();
  const original = editing.kind === 'edit' ? editing.item : null;
  const create = useCreateNews();
  const update = useUpdateNews();
  const [draft, setDraft] = useState<NewsDraft>(() => draftOf(original));
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof NewsDraft>(key: K, value: NewsDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) return setError(NEWS_TITLE_REQUIRED_MESSAGE);
    if (!draft.content.trim()) return setError(NEWS_CONTENT_REQUIRED_MESSAGE);
    setError(null);
    const onError = (e: Error) => setError(messageOr(e, 'Failed to save news item'));
    if (original) {
      const changes = newsRequest(draft, original) as UpdateNewsRequest;
      if (Object.keys(changes).length === 0) return onDone();
      update.mutate({ id: original.id, changes }, { onSuccess: onDone, onError });
    } else {
      create.mutate(newsRequest(draft, null) as CreateNewsRequest, { onSuccess: onDone, onError });
    }
  };

  return (
    <Panel title={original ? 'Edit news item' : 'New news item'} tone="accent" testId="news-form">
      <form className="staff-form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-title`}>
          <span className="field__label">Title *</span>
          <input id={`${id}-title`} className="input" value={draft.title} maxLength={MAX_NEWS_TITLE} onChange={(event) => set('title', event.target.value)} required />
        </label>
        <label className="field" htmlFor={`${id}-content`}>
          <span className="field__label">Content * (HTML allowed)</span>
          <textarea id={`${id}-content`} className="textarea" value={draft.content} maxLength={MAX_NEWS_CONTENT} onChange={(event) => set('content', event.target.value)} required />
        </label>
        <div className="field-row">
          <label className="field" htmlFor={`${id}-type`}>
            <span className="field__label">Type</span>
            <select id={`${id}-type`} className="select" value={draft.type} onChange={(event) => set('type', event.target.value as KnownNewsType)}>
              {NEWS_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={`${id}-priority`}>
            <span className="field__label">Priority (1-5)</span>
            <select id={`${id}-priority`} className="select" value={draft.priority} onChange={(event) => set('priority', Number(event.target.value))}>
              {Array.from({ length: NEWS_MAX_PRIORITY - NEWS_MIN_PRIORITY + 1 }, (_, i) => NEWS_MIN_PRIORITY + i).map((p) => (
                <option key={p} value={p}>
                  {p}
                  {p >= NEWS_URGENT_PRIORITY ? ' (high)' : ''}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={`${id}-expires`}>
            <span className="field__label">Expires (optional)</span>
            <input id={`${id}-expires`} className="input" type="datetime-local" value={draft.expires} onChange={(event) => set('expires', event.target.value)} />
          </label>
        </div>
        <label className="field field--inline">
          <input type="checkbox" checked={draft.notify_users} onChange={(event) => set('notify_users', event.target.checked)} />
          <span>Notify users</span>
        </label>
        <label className="field field--inline">
          <input type="checkbox" checked={draft.is_active} onChange={(event) => set('is_active', event.target.checked)} />
          <span>Active (shown on the dashboard)</span>
        </label>
        {error ? (
          <p className="err" role="alert">
            {error}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : original ? 'Save Changes' : 'Create News'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onDone} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}
