import { NEWS_DELETE_CONFIRM_MESSAGE, type AdminNewsItem } from '@xsd/contracts/api/admin-news';
import { NEWS_URGENT_PRIORITY } from '@xsd/contracts/api/news';
import { isNewsPushable, newsPushSummary } from '@xsd/contracts/api/push';
import { ConfirmAction } from '../../components/confirm-action';
import { ContentHtml } from '../../components/content-html';
import { ListAndFormPanel } from '../../components/list-and-form-panel';
import { ShownToggle } from '../../components/shown-toggle';
import { formatInstant } from '../../lib/dates';
import { messageOr } from '../../lib/messages';
import { useListEditing } from '../../lib/use-list-editing';
import { useTimedFlag } from '../../lib/use-timed-flag';
import { useDeleteNews } from '../api/delete-news';
import { useAdminNews } from '../api/get-news';
import { useSendNewsPush } from '../api/send-news-push';
import { useUpdateNews } from '../api/update-news';
import { pushSendError } from '../lib/push-send';
import { NewsForm } from './news-form';

/** Every news item with create, edit, delete (after confirmation) and the eye toggle. */
export function NewsTab() {
  const news = useAdminNews();
  const update = useUpdateNews();
  const remove = useDeleteNews();
  const push = useSendNewsPush();
  const editor = useListEditing<AdminNewsItem>();
  const [pushed, flashPushed] = useTimedFlag<string>();

  return (
    <ListAndFormPanel
      title="Breaking news"
      testId="news-list"
      newLabel="+ New Item"
      editor={editor}
      renderForm={(original) => <NewsForm original={original} onDone={editor.close} />}
      query={news}
      loadErrorMessage={messageOr(news.error, 'Failed to load news')}
      emptyText="No news items yet."
      notice={
        pushed ? (
          <p className="banner banner--ok" role="status" data-testid="news-push-result">
            {pushed}
          </p>
        ) : null
      }
      renderItem={(item) => (
        <li key={item.id} className={`admin-list__item${item.is_active ? '' : ' admin-list__item--inactive'}`} data-testid="news-item">
          <div className="admin-list__main">
            <strong className="admin-list__title">{item.title}</strong> <span className={`tag news-type--${item.type}`}>{item.type}</span>{' '}
            {item.priority >= NEWS_URGENT_PRIORITY ? <span className="tag warn">High Priority</span> : null}{' '}
            {item.notify_users ? <span className="tag tag--muted">notify</span> : null}
            <ContentHtml html={item.content} className="admin-list__content" />
            <p className="admin-list__meta muted">
              priority {item.priority} · {item.is_active ? 'active' : 'inactive'} · expires {formatInstant(item.expires_at, 'never')} · created{' '}
              {formatInstant(item.created_at)}
            </p>
          </div>
          <div className="admin-list__actions">
            <ShownToggle
              shown={item.is_active}
              what={`news item ${item.title}`}
              busy={update.isPending}
              onToggle={() => editor.run(update, { id: item.id, changes: { is_active: !item.is_active } }, (e) => messageOr(e, 'Failed to update news item'))}
            />
            {/* Offered for an active item with notify_users on (and not expired), as the server allows. */}
            {isNewsPushable(item, Date.now()) ? (
              <button
                type="button"
                className="btn btn--small"
                aria-label={`Send push notification for ${item.title}`}
                disabled={push.isPending}
                onClick={() => editor.run(push, item.id, pushSendError, (figures) => flashPushed(newsPushSummary(figures)))}
              >
                {push.isPending && push.variables === item.id ? 'Sending...' : '🔔 Send Push'}
              </button>
            ) : null}
            <button type="button" className="btn btn--small" aria-label={`Edit news item ${item.title}`} onClick={() => editor.openEdit(item)}>
              Edit
            </button>
            <ConfirmAction
              label="Delete"
              ariaLabel={`Delete news item ${item.title}`}
              question={NEWS_DELETE_CONFIRM_MESSAGE}
              busy={remove.isPending}
              onConfirm={() => editor.run(remove, item.id, (e) => messageOr(e, 'Failed to delete news item'))}
            />
          </div>
        </li>
      )}
    />
  );
}
