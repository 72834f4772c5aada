import type { NewsItem } from '@xsd/contracts/api/news';
import { Modal } from '../../../components/ui/modal';
import { newsStyle } from '../lib/news-logic';
import { NewsIcon } from './news-icon';

export interface DismissedAnnouncementsModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly items: readonly NewsItem[];
  readonly onRestoreAll: () => void;
}

export function DismissedAnnouncementsModal({ open, onClose, items, onRestoreAll }: DismissedAnnouncementsModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Dismissed Announcements"
      testId="dismissed-announcements"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={items.length === 0}
            onClick={() => {
              onRestoreAll();
              onClose();
            }}
          >
            Restore All Announcements
          </button>
        </>
      }
    >
      {items.length === 0 ? (
        <p className="muted">No dismissed announcements.</p>
      ) : (
        <ul className="dismissed-list">
          {items.map((item) => {
            const style = newsStyle(item.type);
            return (
              <li key={item.id} className={`dismissed-list__item news--${style.tone}`}>
                <span aria-hidden="true">
                  <NewsIcon icon={style.icon} />
                </span> <span className="news__tag">{style.label}</span>{' '}
                {item.title}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
