import type { AlertLists } from '@xsd/contracts/api/alerts';
import {
  ALERT_STORAGE_KEYS,
  type AlertKind,
  parseCalendarAlerts,
  parseSilverAlerts,
  parseTokenAlerts,
} from '../../../lib/alert-lists';
import { useStoredJson } from '../../../lib/storage';

const PARSERS: { readonly [K in AlertKind]: (stored: unknown) => AlertLists[K] } = {
  token: parseTokenAlerts,
  silver: parseSilverAlerts,
  calendar: parseCalendarAlerts,
};

/** One stored alert list as React state, in step with this tab's writes and other tabs'. Change it with `updateAlertList`. */
export function useAlertList<K extends AlertKind>(kind: K): AlertLists[K] {
  const [list] = useStoredJson(ALERT_STORAGE_KEYS[kind], PARSERS[kind]);
  return list;
}
