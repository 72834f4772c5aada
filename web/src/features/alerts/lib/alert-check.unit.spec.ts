import type { LatestPrice, LatestPricesResponse } from '@xsd/contracts/api/prices';
import { ALERT_RETRIGGER_GAP_MS, type AlertLists, type CalendarAlert, type SilverAlert, type TokenPriceAlert } from '@xsd/contracts/api/alerts';
import { describe, expect, it } from 'vitest';
import { alertNotification, alertsToFire, markTriggered, readingsNeeded, selectableEvents } from './alert-check';
import { calendarEventAt as event } from '../testing/calendar-event-fixture';

const NOW = new Date(2031, 4, 10, 12, 0, 0).getTime();
const MINUTE = 60_000;

const tokenAlert = (overrides: Partial<TokenPriceAlert> = {}): TokenPriceAlert => ({
  id: 't1',
  token: 'XSD',
  chain: 'Ethereum',
  condition: 'above',
  price: 0.85,
  enabled: true,
  lastTriggered: null,
  ...overrides,
});
const silverAlert = (overrides: Partial<SilverAlert> = {}): SilverAlert => ({
  id: 's1',
  condition: 'below',
  price: 1.2,
  enabled: true,
  lastTriggered: null,
  ...overrides,
});
const calendarAlert = (overrides: Partial<CalendarAlert> = {}): CalendarAlert => ({
  id: 'c1',
  eventId: 'e1',
  eventTitle: 'Bridge upgrade',
  eventDate: new Date(NOW + 10 * MINUTE).toISOString(),
  reminderTime: 15,
  enabled: true,
  lastTriggered: null,
  ...overrides,
});
const lists = (partial: Partial<AlertLists>): AlertLists => ({ token: [], silver: [], calendar: [], ...partial });

function row(token: LatestPrice['token_name'], chain: LatestPrice['chain_name'], price: number | null): LatestPrice {
  return { token_name: token, chain_name: chain, price, timestamp: null, change_24h: null, status: 'active', maintenance_message: null, total_supply: null };
}
const latest = (...items: LatestPrice[]): LatestPricesResponse => ({ items });


describe('token alerts', () => {
  it('fire at or beyond the threshold, in their direction, for their token and network only', () => {
    const alerts = [
      tokenAlert({ id: 'at', price: 0.85 }),
      tokenAlert({ id: 'beyond', price: 0.8 }),
      tokenAlert({ id: 'short', price: 0.86 }),
      tokenAlert({ id: 'below-hit', condition: 'below', price: 0.85 }),
      tokenAlert({ id: 'below-miss', condition: 'below', price: 0.84 }),
      tokenAlert({ id: 'other-chain', chain: 'BSC', price: 0.5 }),
      tokenAlert({ id: 'bankx', token: 'BankX', price: 0.5 }),
    ];
    const readings = { latest: latest(row('XSD', 'Ethereum', 0.85), row('XSD', 'BSC', 0.4), row('BankX', 'Ethereum', 0.6)) };
    expect(alertsToFire(lists({ token: alerts }), readings, NOW).map((f) => f.alert.id)).toEqual(['at', 'beyond', 'below-hit', 'bankx']);
  });

  it('stay quiet when disabled, without a reading, or without a price yet', () => {
    const alerts = [tokenAlert({ id: 'off', enabled: false, price: 0.1 }), tokenAlert({ id: 'no-row', chain: 'Base', price: 0.1 })];
    expect(alertsToFire(lists({ token: alerts }), { latest: latest(row('XSD', 'Ethereum', 1)) }, NOW)).toEqual([]);
    expect(alertsToFire(lists({ token: [tokenAlert({ price: 0.1 })] }), { latest: latest(row('XSD', 'Ethereum', null)) }, NOW)).toEqual([]);
    expect(alertsToFire(lists({ token: [tokenAlert({ price: 0.1 })] }), { latest: null }, NOW)).toEqual([]);
  });

  it('re-trigger only once 15 minutes have passed since the last firing', () => {
    const readings = { latest: latest(row('XSD', 'Ethereum', 0.9)) };
    const fired = (lastTriggered: number) => alertsToFire(lists({ token: [tokenAlert({ lastTriggered })] }), readings, NOW).length;
    expect(fired(NOW - ALERT_RETRIGGER_GAP_MS + 1)).toBe(0);
    expect(fired(NOW - ALERT_RETRIGGER_GAP_MS)).toBe(1);
  });
});

describe('silver alerts', () => {
  it('fire on the silver price per gram, with the re-trigger gap', () => {
    const alerts = [silverAlert({ id: 'below' }), silverAlert({ id: 'above', condition: 'above', price: 1.1 }), silverAlert({ id: 'miss', price: 1.1 })];
    expect(alertsToFire(lists({ silver: alerts }), { silverPrice: 1.15 }, NOW).map((f) => f.alert.id)).toEqual(['below', 'above']);
    expect(alertsToFire(lists({ silver: [silverAlert({ lastTriggered: NOW - MINUTE })] }), { silverPrice: 1 }, NOW)).toEqual([]);
    expect(alertsToFire(lists({ silver: alerts }), { silverPrice: null }, NOW)).toEqual([]);
  });
});

describe('calendar reminders', () => {
  it('fire while now is between the reminder time and the start', () => {
    const at = (minutesBefore: number, reminderTime: CalendarAlert['reminderTime'] = 15) =>
      alertsToFire(lists({ calendar: [calendarAlert({ eventDate: new Date(NOW + minutesBefore * MINUTE).toISOString(), reminderTime })] }), {}, NOW)
        .length;
    expect(at(16)).toBe(0);
    expect(at(15)).toBe(1);
    expect(at(1)).toBe(1);
    expect(at(0)).toBe(0);
    expect(at(-5)).toBe(0);
    expect(at(1439, 1440)).toBe(1);
  });

  it('fire once per event start, not every 15 minutes of a long reminder', () => {
    const startMs = NOW + 600 * MINUTE;
    const alert = calendarAlert({ eventDate: new Date(startMs).toISOString(), reminderTime: 1440, lastTriggered: NOW - 30 * MINUTE });
    expect(alertsToFire(lists({ calendar: [alert] }), {}, NOW)).toEqual([]);
    // Fired before this window opened (the event was moved later): remind again.
    const moved = { ...alert, lastTriggered: startMs - 1441 * MINUTE };
    expect(alertsToFire(lists({ calendar: [moved] }), {}, NOW)).toHaveLength(1);
  });

  it("follow the event's current start when the events are known, and skip an event no longer listed", () => {
    const alert = calendarAlert({ eventDate: new Date(NOW + 3 * 60 * MINUTE).toISOString() });
    const movedSooner = event('e1', new Date(NOW + 5 * MINUTE));
    expect(alertsToFire(lists({ calendar: [alert] }), { events: [movedSooner] }, NOW)).toMatchObject([
      { kind: 'calendar', startMs: new Date(NOW + 5 * MINUTE).setSeconds(0, 0) },
    ]);
    expect(alertsToFire(lists({ calendar: [calendarAlert()] }), { events: [] }, NOW)).toEqual([]);
    expect(alertsToFire(lists({ calendar: [calendarAlert()] }), { events: [{ ...movedSooner, is_active: false }] }, NOW)).toEqual([]);
    expect(alertsToFire(lists({ calendar: [calendarAlert({ enabled: false })] }), {}, NOW)).toEqual([]);
  });
});

describe('readingsNeeded', () => {
  it('asks only for what enabled alerts watch', () => {
    expect(readingsNeeded(lists({ token: [tokenAlert({ enabled: false })], calendar: [calendarAlert()] }))).toEqual({
      prices: false,
      silver: false,
      events: true,
    });
  });
});

describe('markTriggered', () => {
  it('sets lastTriggered on the fired alerts only', () => {
    const before = lists({ token: [tokenAlert(), tokenAlert({ id: 't2', price: 5 })], silver: [silverAlert()] });
    const fired = alertsToFire(before, { latest: latest(row('XSD', 'Ethereum', 1)) }, NOW);
    const after = markTriggered(before, fired, NOW);
    expect(after.token.map((a) => a.lastTriggered)).toEqual([NOW, null]);
    expect(after.silver).toEqual(before.silver);
  });
});

describe('alertNotification', () => {
  it("says what crossed, with the spec's decimals, tagged like the notifier's push", () => {
    expect(alertNotification({ kind: 'token', alert: tokenAlert(), price: 0.8512345 }, NOW)).toEqual({
      title: 'XSD price alert',
      body: 'XSD on Ethereum is $0.851235, above your $0.850000 alert.',
      tag: 'alert-t1',
      url: '/price-alerts',
    });
    expect(alertNotification({ kind: 'silver', alert: silverAlert(), price: 1.19876 }, NOW)).toMatchObject({
      body: 'Silver is $1.1988 per gram, below your $1.2000 alert.',
      tag: 'alert-s1',
    });
    expect(alertNotification({ kind: 'calendar', alert: calendarAlert(), startMs: NOW + 9.5 * MINUTE }, NOW)).toEqual({
      title: 'Event reminder',
      body: 'Bridge upgrade starts in 10 minutes.',
      tag: 'alert-c1',
      url: '/calendar',
    });
  });
});

describe('selectableEvents', () => {
  it('offers future events without a reminder yet, the first 5 by start', () => {
    const inMinutes = (m: number) => new Date(NOW + m * MINUTE);
    const events = [
      event('past', inMinutes(-60)),
      event('later', inMinutes(600)),
      ...[1, 2, 3, 4, 5, 6].map((n) => event(`e${n}`, inMinutes(n * 60))),
      event('inactive', inMinutes(30), { is_active: false }),
      event('alerted', inMinutes(20)),
    ];
    const chosen = selectableEvents(events, [calendarAlert({ eventId: 'alerted' })], NOW);
    expect(chosen.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
  });

  it('counts an all-day event as starting at the beginning of its day', () => {
    const tomorrow = event('tomorrow', new Date(NOW + 24 * 60 * MINUTE), { start_time: null });
    const today = event('today', new Date(NOW), { start_time: null });
    expect(selectableEvents([today, tomorrow], [], NOW).map((e) => e.id)).toEqual(['tomorrow']);
  });
});
