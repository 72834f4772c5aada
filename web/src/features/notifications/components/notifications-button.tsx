import { useState } from 'react';
import { BellIcon, BellOffIcon } from '../../../components/ui/icons';
import { usePush } from '../hooks/use-push';
import { NotificationSettingsModal } from './notification-settings-modal';

/** The header's notifications button: lit while push is on; opens the notification settings. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const [push, controller] = usePush();
  const on = push.subscribed;
  return (
    <>
      <button
        type="button"
        className={`header-badge header-badge--button${on ? ' header-badge--live' : ''}`}
        onClick={() => {
          controller.clearError();
          void controller.refresh();
          setOpen(true);
        }}
        aria-label={`Notifications (${on ? 'enabled' : 'off'})`}
        data-testid="notifications-button"
      >
        {on ? <BellIcon /> : <BellOffIcon />}
        <span className="header-badge__label">Notifications</span>
      </button>
      <NotificationSettingsModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
