import { activeNews } from '@xsd/contracts/api/news';
import { useMemo, useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { useNews } from '../api/get-news';
import { useDismissedNews } from '../lib/dismissed-store';
import { partitionDismissed } from '../lib/news-logic';
import { DismissedAnnouncementsModal } from './dismissed-announcements-modal';
import { NewsBanner } from './news-banner';
import './announcements.css';

/**
 * Breaking-news banners: active, unexpired items sorted by priority. Errors are ignored
 * (nothing is shown) as the spec says for news.
 */
export function Announcements() {
  const news = useNews();
  const { dismissedIds, dismiss, restoreAll } = useDismissedNews();
  const [modalOpen, setModalOpen] = useState(false);
  // Re-check expiry each minute so an item disappears when it expires.
  const now = useNow(60_000);
  const { shown, dismissed } = useMemo(
    () => partitionDismissed(activeNews(news.data?.items ?? [], now), dismissedIds),
    [news.data, now, dismissedIds],
  );

  if (shown.length === 0 && dismissed.length === 0) return null;

  return (
    <section className="announcements" aria-label="Announcements" data-testid="announcements">
      {dismissed.length > 0 ? (
        <div className="announcements__bar">
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setModalOpen(true)}
            aria-label={`${dismissed.length} dismissed announcement${dismissed.length === 1 ? '' : 's'}: show`}
            data-testid="dismissed-badge"
          >
            Dismissed <span className="count-badge">{dismissed.length}</span>
          </button>
        </div>
      ) : null}
      {shown.map((item) => (
        <NewsBanner key={item.id} item={item} onDismiss={dismiss} />
      ))}
      <DismissedAnnouncementsModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        items={dismissed}
        onRestoreAll={restoreAll}
      />
    </section>
  );
}
