/**
 * The visitor's alert lists, kept in the browser (spec sections 3 and 6). The alerts page owns
 * their contents; the header badge, the menu dot, the in-tab checker and the push registration
 * read them from here, so no feature has to import another to see them.
 */
import { type AlertLists, CalendarAlertSchema, SilverAlertSchema, TokenPriceAlertSchema } from '@xsd/contracts/api/alerts';
import type { ZodMiniType } from 'zod/mini';
import { readJson, subscribeToKey, writeJson } from './storage';

/** The spec does not name the three keys; these are ours. */
export const ALERT_STORAGE_KEYS = {
  token: 'price-alerts',
  silver: 'silver-alerts',
  calendar: 'calendar-alerts',
} as const;

export type AlertKind = keyof typeof ALERT_STORAGE_KEYS;
export const ALERT_KINDS = Object.keys(ALERT_STORAGE_KEYS) as readonly AlertKind[];

/** Fired on `window` after any alert list is written in this tab. */
export const ALERTS_UPDATED_EVENT = 'alerts-updated';

const ITEM_SCHEMAS = {
  token: TokenPriceAlertSchema,
  silver: SilverAlertSchema,
  calendar: CalendarAlertSchema,
} as const satisfies Record<AlertKind, ZodMiniType>;

/** Whatever is stored (garbage, old shapes, hand edits) as a valid list: bad items are dropped. */
export function parseAlertList<K extends AlertKind>(kind: K, stored: unknown): AlertLists[K] {
  if (!Array.isArray(stored)) return [];
  const schema = ITEM_SCHEMAS[kind];
  const valid: unknown[] = [];
  for (const item of stored) {
    const parsed = schema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  return valid as AlertLists[K];
}

export const parseTokenAlerts = (stored: unknown) => parseAlertList('token', stored);
export const parseSilverAlerts = (stored: unknown) => parseAlertList('silver', stored);
export const parseCalendarAlerts = (stored: unknown) => parseAlertList('calendar', stored);

export function readAlertList<K extends AlertKind>(kind: K): AlertLists[K] {
  return parseAlertList(kind, readJson(ALERT_STORAGE_KEYS[kind]));
}

export function readAlertLists(): AlertLists {
  return { token: readAlertList('token'), silver: readAlertList('silver'), calendar: readAlertList('calendar') };
}

/** Stores one list and tells this tab (other tabs hear the `storage` event). */
export function writeAlertList<K extends AlertKind>(kind: K, list: AlertLists[K]): void {
  writeJson(ALERT_STORAGE_KEYS[kind], list);
  window.dispatchEvent(new Event(ALERTS_UPDATED_EVENT));
}

/** Read-modify-write of one list from what is stored now (another tab or the checker may have written). */
export function updateAlertList<K extends AlertKind>(kind: K, change: (list: AlertLists[K]) => AlertLists[K]): void {
  writeAlertList(kind, change(readAlertList(kind)));
}

export function countEnabledAlerts(lists: AlertLists): number {
  return ALERT_KINDS.reduce((sum, kind) => sum + (lists[kind] as readonly { enabled: boolean }[]).filter((a) => a.enabled).length, 0);
}

/** Calls `onChange` whenever any list changes, in this tab or another. Returns the unsubscribe. */
export function subscribeToAlertLists(onChange: () => void): () => void {
  const unsubscribers = ALERT_KINDS.map((kind) => subscribeToKey(ALERT_STORAGE_KEYS[kind], onChange));
  window.addEventListener(ALERTS_UPDATED_EVENT, onChange);
  return () => {
    unsubscribers.forEach((unsubscribe) => unsubscribe());
    window.removeEventListener(ALERTS_UPDATED_EVENT, onChange);
  };
}

/** A fresh id for a new alert. */
export function newAlertId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
