/** The browser's notification permission, or 'unsupported' where there is no Notification API. */
export type NotificationAccess = NotificationPermission | 'unsupported';

export function readPermission(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
