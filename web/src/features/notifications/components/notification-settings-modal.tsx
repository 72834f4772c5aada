import { useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { useStoredJson } from '../../../lib/storage';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_PREFERENCES_KEY,
  parseNotificationPreferences,
  PREFERENCE_LABELS,
  readPermission,
  type NotificationPreferences,
  type PermissionStatus,
} from '../lib/notification-preferences';

const PERMISSION_TEXT: Record<PermissionStatus, string> = {
  granted: 'enabled',
  denied: 'blocked',
  default: 'not enabled yet',
  unsupported: 'not supported',
};

export interface NotificationSettingsModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly permission: PermissionStatus;
  readonly onPermissionChange: (permission: PermissionStatus) => void;
}

export function NotificationSettingsModal({ open, onClose, permission, onPermissionChange }: NotificationSettingsModalProps) {
  const [preferences, setPreferences] = useStoredJson(NOTIFICATION_PREFERENCES_KEY, parseNotificationPreferences);
  const [error, setError] = useState<string | null>(null);

  const enable = async () => {
    setError(null);
    if (typeof Notification === 'undefined') {
      setError(NOTIFICATION_MESSAGES.unsupported);
      return;
    }
    try {
      const result = await Notification.requestPermission();
      onPermissionChange(result);
      if (result === 'granted') {
        try {
          new Notification('Notifications Enabled', { body: 'You will be notified when your alerts trigger.' });
        } catch {
          setError(NOTIFICATION_MESSAGES.showFailed);
        }
      }
    } catch {
      setError(NOTIFICATION_MESSAGES.requestFailed);
      onPermissionChange(readPermission());
    }
  };

  const toggle = (key: keyof NotificationPreferences) => setPreferences({ ...preferences, [key]: !preferences[key] });

  return (
    <Modal open={open} onClose={onClose} title="Notification Settings" testId="notification-settings">
      <p>
        Browser notifications: <strong className={permission === 'granted' ? 'ok' : 'warn'}>{PERMISSION_TEXT[permission]}</strong>
      </p>
      {permission === 'unsupported' ? <p className="error-text">{NOTIFICATION_MESSAGES.unsupported}</p> : null}
      {permission === 'denied' ? <p className="error-text">{NOTIFICATION_MESSAGES.blocked}</p> : null}
      {permission === 'default' ? (
        <button type="button" className="btn btn--primary" onClick={() => void enable()}>
          Enable Notifications
        </button>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset className="checklist">
        <legend>Notify me about</legend>
        {(Object.keys(PREFERENCE_LABELS) as (keyof NotificationPreferences)[]).map((key) => (
          <label key={key} className="checklist__item">
            <input type="checkbox" checked={preferences[key]} onChange={() => toggle(key)} /> {PREFERENCE_LABELS[key]}
          </label>
        ))}
      </fieldset>
      <p className="muted">
        Alerts themselves are set on the <Link to="/price-alerts" onClick={onClose}>Alerts &amp; Notifications</Link> page.
      </p>
    </Modal>
  );
}
