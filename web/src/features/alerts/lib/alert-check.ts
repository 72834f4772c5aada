/**
 * The in-tab checker's decisions, pure: which alerts fire now given the readings and the time,
 * what the lists look like afterwards, and what each notification says. The rules themselves
 * (at or beyond the threshold, the 15-minute gap, the reminder window) come from the contracts,
 * the same ones the notifier applies when every tab is closed.
 */
import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { type AlertLists, type CalendarAlert, CALENDAR_ALERT_CHOICES, type NotificationPreferences, priceCrossed, retriggerAllowed, type SilverAlert, type TokenPriceAlert } from '@xsd/contracts/api/alerts';
import { reminderFires } from '@xsd/contracts/rules/alert-firing';
import { type AlertFiring, type AlertNotificationText, alertNotificationText } from '@xsd/contracts/rules/alert-notification';
import { calendarEventStartMs } from '../../../lib/calendar-event-start';

/** What the checker read this round; a missing reading means those alerts are not checked. */
export interface AlertReadings {
  readonly latest?: LatestPricesResponse | null;
  /** Silver in USD per gram. */
  readonly silverPrice?: number | null;
  /**
   * The active calendar events. When known, a reminder follows its event's current start (staff
   * may have moved it) and an event no longer listed gets none; unknown, the stored date is used.
   */
  readonly events?: readonly CalendarEvent[] | null;
}

export type FiredAlert =
  | { readonly kind: 'token'; readonly alert: TokenPriceAlert; readonly price: number }
  | { readonly kind: 'silver'; readonly alert: SilverAlert; readonly price: number }
  | { readonly kind: 'calendar'; readonly alert: CalendarAlert; readonly startMs: number };

function tokenPrice(latest: LatestPricesResponse, alert: TokenPriceAlert): number | null {
  const row = latest.items.find((item) => item.token_name === alert.token && item.chain_name === alert.chain);
  return row && typeof row.price === 'number' && row.price > 0 ? row.price : null;
}

function calendarStart(alert: CalendarAlert, events: AlertReadings['events']): number | null {
  if (events) {
    const event = events.find((e) => e.id === alert.eventId && e.is_active);
    return event ? calendarEventStartMs(event) : null;
  }
  const stored = Date.parse(alert.eventDate);
  return Number.isNaN(stored) ? null : stored;
}

/** The enabled alerts that fire at `nowMs`. */
export function alertsToFire(lists: AlertLists, readings: AlertReadings, nowMs: number): FiredAlert[] {
  const fired: FiredAlert[] = [];
  const { latest, silverPrice, events } = readings;
  if (latest) {
    for (const alert of lists.token) {
      if (!alert.enabled || !retriggerAllowed(alert.lastTriggered, nowMs)) continue;
      const price = tokenPrice(latest, alert);
      if (price !== null && priceCrossed(alert.condition, alert.price, price)) fired.push({ kind: 'token', alert, price });
    }
  }
  if (typeof silverPrice === 'number' && silverPrice > 0) {
    for (const alert of lists.silver) {
      if (alert.enabled && retriggerAllowed(alert.lastTriggered, nowMs) && priceCrossed(alert.condition, alert.price, silverPrice)) {
        fired.push({ kind: 'silver', alert, price: silverPrice });
      }
    }
  }
  for (const alert of lists.calendar) {
    if (!alert.enabled) continue;
    const startMs = calendarStart(alert, events);
    if (startMs !== null && reminderFires(startMs, alert.reminderTime, alert.lastTriggered, nowMs)) fired.push({ kind: 'calendar', alert, startMs });
  }
  return fired;
}

/** Which kinds of reading a round needs: none is fetched for a kind without enabled alerts. */
export function readingsNeeded(lists: AlertLists): { readonly prices: boolean; readonly silver: boolean; readonly events: boolean } {
  return {
    prices: lists.token.some((a) => a.enabled),
    silver: lists.silver.some((a) => a.enabled),
    events: lists.calendar.some((a) => a.enabled),
  };
}

/** Each fired alert with `lastTriggered` set to `nowMs`; the lists of kinds that did not fire are returned as they were. */
export function markTriggered(lists: AlertLists, fired: readonly FiredAlert[], nowMs: number): AlertLists {
  const ids = (kind: FiredAlert['kind']) => new Set(fired.filter((f) => f.kind === kind).map((f) => f.alert.id));
  const mark = <T extends { id: string; lastTriggered: number | null }>(list: readonly T[], hit: Set<string>): T[] =>
    list.map((alert) => (hit.has(alert.id) ? { ...alert, lastTriggered: nowMs } : alert));
  return {
    token: mark(lists.token, ids('token')),
    silver: mark(lists.silver, ids('silver')),
    calendar: mark(lists.calendar, ids('calendar')),
  };
}

/** The preference that lets each kind of alert show a notification. */
export const PREFERENCE_OF_KIND: Record<FiredAlert['kind'], keyof NotificationPreferences> = {
  token: 'priceAlerts',
  silver: 'silverAlerts',
  calendar: 'calendarEvents',
};

/** What the notification of a fired alert says: the notifier's words and tag, so its push replaces rather than doubles it. */
export type AlertNotification = AlertNotificationText;

function firing(fired: FiredAlert): AlertFiring {
  switch (fired.kind) {
    case 'token': {
      const { id, token, chain, condition, price } = fired.alert;
      return { kind: 'price', alertId: id, token, chain, condition, threshold: price, price: fired.price };
    }
    case 'silver':
      return { kind: 'silver', alertId: fired.alert.id, condition: fired.alert.condition, threshold: fired.alert.price, price: fired.price };
    case 'calendar':
      return { kind: 'calendar', alertId: fired.alert.id, eventTitle: fired.alert.eventTitle, startMs: fired.startMs };
    default: {
      const unknown: never = fired;
      throw new Error(`unknown alert kind ${(unknown as FiredAlert).kind}`);
    }
  }
}

export function alertNotification(fired: FiredAlert, nowMs: number): AlertNotification {
  return alertNotificationText(firing(fired), nowMs);
}

/** The events a new calendar alert may be set for: future, not already alerted, the first 5 by start. */
export function selectableEvents(events: readonly CalendarEvent[], alerts: readonly CalendarAlert[], nowMs: number): CalendarEvent[] {
  const alerted = new Set(alerts.map((alert) => alert.eventId));
  return events
    .filter((event) => event.is_active && !alerted.has(event.id))
    .map((event) => ({ event, start: calendarEventStartMs(event) }))
    .filter((entry): entry is { event: CalendarEvent; start: number } => entry.start !== null && entry.start > nowMs)
    .sort((a, b) => a.start - b.start)
    .slice(0, CALENDAR_ALERT_CHOICES)
    .map((entry) => entry.event);
}
