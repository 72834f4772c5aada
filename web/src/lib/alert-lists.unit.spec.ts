// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALERT_STORAGE_KEYS,
  ALERTS_UPDATED_EVENT,
  countEnabledAlerts,
  parseAlertList,
  readAlertLists,
  subscribeToAlertLists,
  writeAlertList,
} from './alert-lists';

const token = { id: 't1', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 0.85, enabled: true, lastTriggered: null } as const;
const silver = { id: 's1', condition: 'below', price: 1.2, enabled: false, lastTriggered: 1_700_000_000_000 } as const;
const calendar = {
  id: 'c1',
  eventId: 'e1',
  eventTitle: 'Launch',
  eventDate: '2030-01-01T10:00:00.000Z',
  reminderTime: 15,
  enabled: true,
  lastTriggered: null,
} as const;

afterEach(() => localStorage.clear());

describe('parseAlertList', () => {
  it('keeps valid items and drops malformed ones', () => {
    const stored = [token, { ...token, id: 't2', price: 0 }, { ...token, id: 't3', chain: 'Atlantis' }, null, 'x', { ...token, id: 't4', enabled: 'yes' }];
    expect(parseAlertList('token', stored)).toEqual([token]);
  });

  it('treats anything but an array as an empty list', () => {
    expect(parseAlertList('silver', undefined)).toEqual([]);
    expect(parseAlertList('silver', { 0: silver })).toEqual([]);
  });

  it('fills a missing lastTriggered with null', () => {
    const { lastTriggered: _omitted, ...withoutLast } = silver;
    expect(parseAlertList('silver', [withoutLast])).toEqual([{ ...silver, lastTriggered: null }]);
  });

  it('refuses a reminder the spec does not offer', () => {
    expect(parseAlertList('calendar', [calendar, { ...calendar, id: 'c2', reminderTime: 10 }])).toEqual([calendar]);
  });
});

describe('reading and writing', () => {
  it('round-trips the three lists through their keys and counts the enabled ones', () => {
    writeAlertList('token', [token]);
    writeAlertList('silver', [silver]);
    writeAlertList('calendar', [calendar]);
    expect(JSON.parse(localStorage.getItem(ALERT_STORAGE_KEYS.token) ?? 'null')).toEqual([token]);
    const lists = readAlertLists();
    expect(lists).toEqual({ token: [token], silver: [silver], calendar: [calendar] });
    expect(countEnabledAlerts(lists)).toBe(2);
  });

  it('reads garbage in storage as empty lists', () => {
    localStorage.setItem(ALERT_STORAGE_KEYS.token, '{not json');
    localStorage.setItem(ALERT_STORAGE_KEYS.silver, '42');
    expect(readAlertLists()).toEqual({ token: [], silver: [], calendar: [] });
  });

  it('announces each write on window and to subscribers', () => {
    let events = 0;
    let changes = 0;
    const onEvent = () => events++;
    window.addEventListener(ALERTS_UPDATED_EVENT, onEvent);
    const unsubscribe = subscribeToAlertLists(() => changes++);
    writeAlertList('silver', [silver]);
    expect(events).toBe(1);
    expect(changes).toBeGreaterThan(0);
    unsubscribe();
    window.removeEventListener(ALERTS_UPDATED_EVENT, onEvent);
    const before = changes;
    writeAlertList('silver', []);
    expect(changes).toBe(before);
  });
});
