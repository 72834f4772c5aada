import type { AlertLists } from '@xsd/contracts/api/alerts';
import type { Selectable } from 'kysely';
import type { NotifierRulesTable } from './notifier.tables.js';
import type { AlertKind } from '../../database/column-types.js';

/*
 * The notifier's pure rules about its state: how a saved subscription's alerts become rule rows,
 * and how a calendar reminder's start is read. The SQL is in notifier-state.repository.ts.
 */

/** Which subscription preference lets each kind of rule fire. */
export const PREFERENCE_COLUMN = { price: 'price_alerts', silver: 'silver_alerts', calendar: 'calendar_events' } as const;

/** Rows of notifier_rules a save writes, before state is merged in. */
export interface SavedRule {
  readonly kind: AlertKind;
  readonly alert_id: string;
  readonly enabled: boolean;
  readonly token: string | null;
  readonly chain: string | null;
  readonly condition: string | null;
  readonly threshold: number | null;
  readonly event_id: string | null;
  readonly event_date: string | null;
  readonly reminder_minutes: number | null;
  /** The browser's own last firing (the in-tab checker), epoch ms. */
  readonly browserLastTriggered: number | null;
}


export function savedRules(alerts: AlertLists): SavedRule[] {
  const none = { token: null, chain: null, condition: null, threshold: null, event_id: null, event_date: null, reminder_minutes: null };
  const rules = new Map<string, SavedRule>();
  const add = (rule: SavedRule) => rules.set(`${rule.kind}\u0000${rule.alert_id}`, rule);
  for (const alert of alerts.token) {
    add({ ...none, kind: 'price', alert_id: alert.id, enabled: alert.enabled, token: alert.token, chain: alert.chain, condition: alert.condition, threshold: alert.price, browserLastTriggered: alert.lastTriggered });
  }
  for (const alert of alerts.silver) {
    add({ ...none, kind: 'silver', alert_id: alert.id, enabled: alert.enabled, condition: alert.condition, threshold: alert.price, browserLastTriggered: alert.lastTriggered });
  }
  for (const alert of alerts.calendar) {
    add({ ...none, kind: 'calendar', alert_id: alert.id, enabled: alert.enabled, event_id: alert.eventId, event_date: alert.eventDate, reminder_minutes: alert.reminderTime, browserLastTriggered: alert.lastTriggered });
  }
  return [...rules.values()];
}

/** Same alert, same meaning: its state (armed, last firing) carries over a re-save. */
function sameParams(a: SavedRule, b: Omit<SavedRule, 'browserLastTriggered' | 'enabled'>): boolean {
  return (
    a.token === b.token &&
    a.chain === b.chain &&
    a.condition === b.condition &&
    a.threshold === b.threshold &&
    a.event_id === b.event_id &&
    a.event_date === b.event_date &&
    a.reminder_minutes === b.reminder_minutes
  );
}

/** 'YYYY-MM-DD' and 'HH:MM[:SS]' (or none: the start of the day) read as if they were UTC. */
export function floatingStartAsUtc(startDate: string, startTime: string | null): number | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(startDate);
  if (!date) return null;
  const time = startTime ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(startTime) : null;
  if (startTime && !time) return null;
  const ms = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), time ? Number(time[1]) : 0, time ? Number(time[2]) : 0, time?.[3] ? Number(time[3]) : 0);
  return Number.isNaN(ms) ? null : ms;
}

/** An ISO instant with a time (what the browser saves as eventDate), in ms; null for a bare date. */
export function instantMs(text: string): number | null {
  if (!/\dT\d/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The rows a save stores: a rule saved again unchanged keeps its state; a browser firing newer than
 * the server's counts as a firing (the gap and re-arm start from it). `eventStarts` are the floating
 * starts of the rules' calendar events as staff keep them now.
 */
export function rulesToStore(
  subscriptionId: string,
  rules: readonly SavedRule[],
  existing: readonly Selectable<NotifierRulesTable>[],
  eventStarts: ReadonlyMap<string, number>,
) {
  const known = new Map(existing.map((row) => [`${row.kind}\u0000${row.alert_id}`, row]));
  return rules.map((rule) => {
    const before = known.get(`${rule.kind}\u0000${rule.alert_id}`);
    const kept = before && sameParams(rule, before) ? before : null;
    const serverLast = kept?.last_triggered_at?.getTime() ?? null;
    const browserNewer = rule.browserLastTriggered !== null && (serverLast === null || rule.browserLastTriggered > serverLast);
    const last = browserNewer ? rule.browserLastTriggered : serverLast;
    const visitorStart = rule.event_date === null ? null : instantMs(rule.event_date);
    const floating = rule.event_id === null ? undefined : eventStarts.get(rule.event_id);
    return {
      subscription_id: subscriptionId,
      kind: rule.kind,
      alert_id: rule.alert_id,
      enabled: rule.enabled,
      token: rule.token,
      chain: rule.chain,
      condition: rule.condition,
      threshold: rule.threshold,
      event_id: rule.event_id,
      event_date: rule.event_date,
      start_offset_ms: visitorStart !== null && floating != null ? visitorStart - floating : null,
      reminder_minutes: rule.reminder_minutes,
      armed: browserNewer ? false : (kept?.armed ?? true),
      last_triggered_at: last === null ? null : new Date(last),
    };
  });
}
