/**
 * Alerts live in the browser (spec section 6). The spec does not name the three list keys;
 * these are ours and the alerts page owns their contents. Each item has an `enabled` flag.
 */
export const ALERT_STORAGE_KEYS = {
  price: 'price-alerts',
  silver: 'silver-alerts',
  calendar: 'calendar-alerts',
} as const;

/** Fired on `window` by whoever changes an alert list in this tab. */
export const ALERTS_UPDATED_EVENT = 'alerts-updated';

/** Enabled alerts in one stored list; anything malformed counts as none. */
export function countEnabled(stored: unknown): number {
  if (!Array.isArray(stored)) return 0;
  return stored.filter(
    (alert) => typeof alert === 'object' && alert !== null && (alert as { enabled?: unknown }).enabled === true,
  ).length;
}

export function countActiveAlerts(lists: readonly unknown[]): number {
  return lists.reduce<number>((sum, list) => sum + countEnabled(list), 0);
}
