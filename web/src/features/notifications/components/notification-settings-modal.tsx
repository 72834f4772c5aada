import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { NotificationSettings } from './notification-settings';

export interface NotificationSettingsModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

/** The Notification Settings modal of the header's notifications button. */
export function NotificationSettingsModal({ open, onClose }: NotificationSettingsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Notification Settings" testId="notification-settings">
      <NotificationSettings />
      <p className="muted">
        Alerts themselves are set on the{' '}
        <Link to="/price-alerts" onClick={onClose}>
          Alerts &amp; Notifications
        </Link>{' '}
        page.
      </p>
    </Modal>
  );
}
