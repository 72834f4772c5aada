import { useCallback } from 'react';
import { readRaw, useStoredJson, writeJson, writeRaw } from '../../../lib/storage';
import {
  DASHBOARD_PREFERENCES_KEY,
  defaultEntries,
  parsePreferences,
  PREFERENCE_MESSAGES,
  PREFERENCES_UPDATED_EVENT,
  toPreferences,
  type WidgetEntry,
} from '../lib/preferences';

export interface DashboardPreferencesApi {
  readonly entries: readonly WidgetEntry[];
  /** Throws with the spec's message when the browser refuses to store them. */
  save(entries: readonly WidgetEntry[]): void;
  /** Back to the defaults (the stored copy is removed). */
  reset(): WidgetEntry[];
}

function announce(): void {
  window.dispatchEvent(new CustomEvent(PREFERENCES_UPDATED_EVENT));
}

/** The dashboard layout of this browser (anonymous visitors; accounts come later). */
export function useDashboardPreferences(): DashboardPreferencesApi {
  const [entries] = useStoredJson(DASHBOARD_PREFERENCES_KEY, parsePreferences);
  const save = useCallback((next: readonly WidgetEntry[]) => {
    const preferences = toPreferences(next);
    writeJson(DASHBOARD_PREFERENCES_KEY, preferences);
    if (readRaw(DASHBOARD_PREFERENCES_KEY) !== JSON.stringify(preferences)) throw new Error(PREFERENCE_MESSAGES.saveFailed);
    announce();
  }, []);
  const reset = useCallback(() => {
    writeRaw(DASHBOARD_PREFERENCES_KEY, null);
    if (readRaw(DASHBOARD_PREFERENCES_KEY) !== null) throw new Error(PREFERENCE_MESSAGES.resetFailed);
    announce();
    return defaultEntries();
  }, []);
  return { entries, save, reset };
}
