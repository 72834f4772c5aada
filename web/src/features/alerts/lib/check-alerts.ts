import type { NotificationPreferences } from '@xsd/contracts/api/alerts';
import { readAlertLists, writeAlertList } from '../../../lib/alert-lists';
import {
  type AlertNotification,
  type AlertReadings,
  alertNotification,
  alertsToFire,
  type FiredAlert,
  markTriggered,
  PREFERENCE_OF_KIND,
  readingsNeeded,
} from './alert-check';
import { showAlertNotification } from './show-alert-notification';

export type ReadingsNeeded = ReturnType<typeof readingsNeeded>;

export interface AlertCheckDeps {
  /** Reads what the enabled alerts need; a reading that fails comes back null (not checked this round). */
  readonly loadReadings: (needed: ReadingsNeeded) => Promise<AlertReadings>;
  /** The visitor's notification preferences as stored now. */
  readonly preferences: () => NotificationPreferences;
  readonly notify?: (notification: AlertNotification) => Promise<boolean>;
  readonly now?: () => number;
}

/**
 * One round of the in-tab checker: read the readings the enabled alerts need, fire what is due,
 * store `lastTriggered`, then notify for the kinds the visitor wants. Returns what fired.
 */
export async function checkAlertsOnce({ loadReadings, preferences, notify = showAlertNotification, now = Date.now }: AlertCheckDeps): Promise<FiredAlert[]> {
  const needed = readingsNeeded(readAlertLists());
  if (!needed.prices && !needed.silver && !needed.events) return [];
  const readings = await loadReadings(needed);
  const at = now();
  // Read again: the visitor (or another tab) may have changed the lists while the readings loaded.
  const lists = readAlertLists();
  const fired = alertsToFire(lists, readings, at);
  if (fired.length === 0) return fired;
  const marked = markTriggered(lists, fired, at);
  for (const kind of new Set(fired.map((f) => f.kind))) writeAlertList(kind, marked[kind]);
  const wanted = preferences();
  await Promise.all(fired.filter((f) => wanted[PREFERENCE_OF_KIND[f.kind]]).map((f) => notify(alertNotification(f, at))));
  return fired;
}
