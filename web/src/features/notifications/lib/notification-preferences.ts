/** Notification preferences, all on by default (spec section 3), kept in the browser. */
export const NOTIFICATION_PREFERENCES_KEY = 'notification-preferences';

export interface NotificationPreferences {
  readonly priceAlerts: boolean;
  readonly silverAlerts: boolean;
  readonly calendarEvents: boolean;
  readonly systemUpdates: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  priceAlerts: true,
  silverAlerts: true,
  calendarEvents: true,
  systemUpdates: true,
};

export const PREFERENCE_LABELS: Record<keyof NotificationPreferences, string> = {
  priceAlerts: 'Price alerts',
  silverAlerts: 'Silver rate updates',
  calendarEvents: 'Event reminders',
  systemUpdates: 'System updates',
};

export function parseNotificationPreferences(stored: unknown): NotificationPreferences {
  const saved = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const pick = (key: keyof NotificationPreferences) =>
    typeof saved[key] === 'boolean' ? (saved[key] as boolean) : DEFAULT_NOTIFICATION_PREFERENCES[key];
  return {
    priceAlerts: pick('priceAlerts'),
    silverAlerts: pick('silverAlerts'),
    calendarEvents: pick('calendarEvents'),
    systemUpdates: pick('systemUpdates'),
  };
}

/** Spec section 8 messages. */
export const NOTIFICATION_MESSAGES = {
  unsupported: 'Notifications are not supported in this browser',
  blocked: 'You have blocked notifications in your browser settings. Please enable them to receive alerts.',
  requestFailed: 'Failed to request notification permission',
  showFailed: 'Failed to show notification',
} as const;

export type PermissionStatus = NotificationPermission | 'unsupported';

export function readPermission(): PermissionStatus {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
