import { useState } from 'react';
import { BellIcon, BellOffIcon } from '../../../components/ui/icons';
import { readPermission, type PermissionStatus } from '../lib/notification-preferences';
import { NotificationSettingsModal } from './notification-settings-modal';

/** The header's notifications button: opens the notification settings. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState<PermissionStatus>(readPermission);
  const on = permission === 'granted';
  return (
    <>
      <button
        type="button"
        className={`header-badge header-badge--button${on ? ' header-badge--live' : ''}`}
        onClick={() => {
          setPermission(readPermission());
          setOpen(true);
        }}
        aria-label={`Notifications (${on ? 'enabled' : 'off'})`}
        data-testid="notifications-button"
      >
        {on ? <BellIcon /> : <BellOffIcon />}
        <span className="header-badge__label">Notifications</span>
      </button>
      <NotificationSettingsModal
        open={open}
        onClose={() => setOpen(false)}
        permission={permission}
        onPermissionChange={setPermission}
      />
    </>
  );
}
