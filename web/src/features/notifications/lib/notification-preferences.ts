import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, NotificationPreferencesSchema } from '@xsd/contracts/api/alerts';

/** Notification preferences, all on by default (spec section 3), kept in the browser and sent with the subscription. */
export const NOTIFICATION_PREFERENCES_KEY = 'notification-preferences';

export const PREFERENCE_LABELS: Record<keyof NotificationPreferences, string> = {
  priceAlerts: 'Price alerts',
  silverAlerts: 'Silver rate updates',
  calendarEvents: 'Event reminders',
  systemUpdates: 'System updates',
};

/** Whatever is stored as valid preferences: each missing or malformed field takes its default. */
export function parseNotificationPreferences(stored: unknown): NotificationPreferences {
  const saved = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const merged = Object.fromEntries(
    (Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as (keyof NotificationPreferences)[]).map((key) => [
      key,
      typeof saved[key] === 'boolean' ? saved[key] : DEFAULT_NOTIFICATION_PREFERENCES[key],
    ]),
  );
  return NotificationPreferencesSchema.parse(merged);
}
