import { PUSH_MESSAGES, type NotificationPreferences } from '@xsd/contracts/api/alerts';
import { useState } from 'react';
import { useStoredJson } from '../../../lib/storage';
import { usePush } from '../hooks/use-push';
import { NOTIFICATION_PREFERENCES_KEY, parseNotificationPreferences, PREFERENCE_LABELS } from '../lib/notification-preferences';
import type { NotificationAccess } from '../lib/permission';
import { readBrowserFacts } from '../lib/push-environment';
import { BraveWarning } from './brave-warning';
import { IphoneGuide } from './iphone-guide';
import './notifications.css';

const PERMISSION_TEXT: Record<NotificationAccess, string> = {
  granted: 'allowed',
  denied: 'blocked',
  default: 'not enabled yet',
  unsupported: 'not supported',
};

export const PREVIEW_HOST_TEXT = 'Push notifications are turned off on preview hosts. Open the published site to enable them.';
export const IOS_INSTALL_TEXT = 'On iPhone and iPad, notifications work once the app is on your Home Screen.';

/**
 * The notification settings (spec sections 2 and 4): enable (ask, subscribe, 'Notifications
 * Enabled'), the toggle that turns them off again, the blocked, unsupported, iPhone, preview-host
 * and Brave cases, and the four preferences, which are re-sent to the server while subscribed.
 * Used in the header's modal and on /price-alerts.
 */
export function NotificationSettings() {
  const [push, controller] = usePush();
  const [preferences, setPreferences] = useStoredJson(NOTIFICATION_PREFERENCES_KEY, parseNotificationPreferences);
  const [guideOpen, setGuideOpen] = useState(false);
  const [brave] = useState(() => readBrowserFacts().brave);
  const { availability, permission, subscribed, busy, error } = push;

  const toggle = (key: keyof NotificationPreferences) => setPreferences({ ...preferences, [key]: !preferences[key] });

  const enableButton = (
    <button
      type="button"
      className="btn btn--primary"
      onClick={() => (availability === 'ios-install' ? setGuideOpen(true) : void controller.enable())}
      disabled={busy || (availability === 'available' && permission === 'denied')}
    >
      {busy ? 'Enabling…' : 'Enable Notifications'}
    </button>
  );

  return (
    <div className="notify-settings" data-testid="notification-settings-block">
      {availability === 'preview-host' ? (
        <p className="muted" data-testid="preview-host-note">
          {PREVIEW_HOST_TEXT}
        </p>
      ) : null}
      {availability === 'unsupported' ? <p className="error-text">{PUSH_MESSAGES.unsupported}</p> : null}
      {availability === 'ios-install' ? (
        <>
          <p className="muted">{IOS_INSTALL_TEXT}</p>
          {enableButton}
        </>
      ) : null}
      {availability === 'available' ? (
        <>
          <p>
            Browser notifications:{' '}
            <strong className={permission === 'granted' ? 'ok' : 'warn'} data-testid="notification-permission">
              {PERMISSION_TEXT[permission]}
            </strong>
          </p>
          {subscribed ? (
            <div className="notify-switch">
              <button
                type="button"
                role="switch"
                aria-checked="true"
                className="btn btn--ghost notify-switch__control"
                onClick={() => void controller.disable()}
                disabled={busy}
                aria-label="Push notifications"
              >
                [ON]
              </button>
              <span>Push notifications are on: alerts reach you even with this tab closed.</span>
            </div>
          ) : (
            enableButton
          )}
          {permission === 'denied' ? <p className="error-text">{PUSH_MESSAGES.blocked}</p> : null}
          {brave ? <BraveWarning /> : null}
        </>
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
      <IphoneGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </div>
  );
}
