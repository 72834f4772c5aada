import { useEffect } from 'react';
import { subscribeToAlertLists } from '../../../lib/alert-lists';
import { subscribeToKey } from '../../../lib/storage';
import { usePush } from '../hooks/use-push';
import { NOTIFICATION_PREFERENCES_KEY } from '../lib/notification-preferences';

/**
 * Keeps the server's copy of this browser's subscription current: reads the subscription on load,
 * re-posts it (debounced) when an alert list or a preference changes, in this tab or another, and
 * reads it again when the visitor changes the permission in the browser's site settings.
 * Renders nothing; mounted once in the app shell.
 */
export function PushSync() {
  const [, push] = usePush();

  useEffect(() => {
    void push.load();
    const onChange = () => push.scheduleSync();
    const stopAlerts = subscribeToAlertLists(onChange);
    const stopPreferences = subscribeToKey(NOTIFICATION_PREFERENCES_KEY, onChange);
    return () => {
      stopAlerts();
      stopPreferences();
    };
  }, [push]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const onChange = () => void push.refresh();
    navigator.permissions
      .query({ name: 'notifications' })
      .then((result) => {
        if (cancelled) return;
        status = result;
        status.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', onChange);
    };
  }, [push]);

  return null;
}
