import { lazy, Suspense, useState } from 'react';
import { BellIcon, BellOffIcon } from '../../../components/ui/icons';
import { usePush } from '../hooks/use-push';
import { useLatch } from '../../../lib/use-latch';

// Loaded when first opened: the settings are not part of the first paint.
const NotificationSettingsModal = lazy(() =>
  import('./notification-settings-modal').then((module) => ({ default: module.NotificationSettingsModal })),
);

/** The header's notifications button: lit while push is on; opens the notification settings. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const [push, controller] = usePush();
  const on = push.subscribed;
  const mounted = useLatch(open);
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
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationSettingsModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
