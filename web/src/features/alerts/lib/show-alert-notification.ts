import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import type { AlertNotification } from './alert-check';

const ICON = '/favicon.svg';

/**
 * Shows a fired alert as a system notification, only with permission granted. Through the service
 * worker when one controls the page (the only way on Android, and a notification with the
 * notifier's tag then replaces rather than doubles its push), else with `new Notification`.
 * A failure is logged quietly (spec: 'Failed to show notification'); the alert still counts as fired.
 */
export async function showAlertNotification(notification: AlertNotification): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  const options: NotificationOptions = {
    body: notification.body,
    tag: notification.tag,
    icon: ICON,
    badge: ICON,
    data: { url: notification.url },
  };
  try {
    if ('serviceWorker' in navigator && navigator.serviceWorker.controller) {
      const registration = await navigator.serviceWorker.ready;
      await registration.showNotification(notification.title, options);
    } else {
      new Notification(notification.title, options);
    }
    return true;
  } catch (error) {
    console.warn(PUSH_MESSAGES.showFailed, error);
    return false;
  }
}
