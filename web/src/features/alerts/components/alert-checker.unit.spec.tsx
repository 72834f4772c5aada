// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { ALERT_CHECK_INTERVAL_MS, ALERT_RETRIGGER_GAP_MS, DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, PUSH_MESSAGES, type SilverAlert, type TokenPriceAlert } from '@xsd/contracts/api/alerts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAlertLists, writeAlertList } from '../../../lib/alert-lists';
import type { AlertNotification, AlertReadings } from '../lib/alert-check';
import { checkAlertsOnce, type ReadingsNeeded } from '../lib/check-alerts';
import { showAlertNotification } from '../lib/show-alert-notification';
import { AlertChecker } from './alert-checker';

const token: TokenPriceAlert = { id: 't1', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 0.85, enabled: true, lastTriggered: null };
const silver: SilverAlert = { id: 's1', condition: 'below', price: 1.2, enabled: true, lastTriggered: null };
const latest = (price: number): LatestPricesResponse => ({
  items: [{ token_name: 'XSD', chain_name: 'Ethereum', price, timestamp: null, change_24h: null, status: 'active', maintenance_message: null, total_supply: null }],
});

/** Readings the test controls, recording what each round asked for. */
function fakeReadings(readings: AlertReadings) {
  const asked: ReadingsNeeded[] = [];
  return {
    asked,
    load: async (needed: ReadingsNeeded) => {
      asked.push(needed);
      return readings;
    },
  };
}

function recorder() {
  const shown: AlertNotification[] = [];
  return { shown, notify: async (n: AlertNotification) => (shown.push(n), true) };
}

const prefs = (overrides: Partial<NotificationPreferences> = {}) => () => ({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...overrides });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkAlertsOnce', () => {
  it('reads nothing while no alert is enabled', async () => {
    writeAlertList('token', [{ ...token, enabled: false }]);
    const readings = fakeReadings({ latest: latest(9) });
    expect(await checkAlertsOnce({ loadReadings: readings.load, preferences: prefs(), notify: recorder().notify })).toEqual([]);
    expect(readings.asked).toEqual([]);
  });

  it('fires a crossed alert, stores lastTriggered and notifies with the tag the notifier uses', async () => {
    writeAlertList('token', [token, { ...token, id: 't2', price: 2 }]);
    writeAlertList('silver', [silver]);
    const readings = fakeReadings({ latest: latest(0.9), silverPrice: 1.3 });
    const { shown, notify } = recorder();
    const fired = await checkAlertsOnce({ loadReadings: readings.load, preferences: prefs(), notify, now: () => 1_000_000 });
    expect(fired.map((f) => f.alert.id)).toEqual(['t1']);
    expect(readings.asked).toEqual([{ prices: true, silver: true, events: false }]);
    expect(readAlertLists().token.map((a) => a.lastTriggered)).toEqual([1_000_000, null]);
    expect(shown).toEqual([expect.objectContaining({ title: 'XSD price alert', tag: 'alert-t1' })]);
  });

  it('still marks the alert fired but shows nothing when the visitor turned that kind off', async () => {
    writeAlertList('silver', [silver]);
    const { shown, notify } = recorder();
    await checkAlertsOnce({ loadReadings: fakeReadings({ silverPrice: 1.1 }).load, preferences: prefs({ silverAlerts: false }), notify, now: () => 5 });
    expect(readAlertLists().silver[0]!.lastTriggered).toBe(5);
    expect(shown).toEqual([]);
  });

  it('keeps a change the visitor made while the readings loaded', async () => {
    writeAlertList('token', [token]);
    const { notify } = recorder();
    await checkAlertsOnce({
      loadReadings: async () => {
        writeAlertList('silver', [{ ...silver, price: 0.5 }]);
        return { latest: latest(1), silverPrice: 1 };
      },
      preferences: prefs(),
      notify,
      now: () => 7,
    });
    expect(readAlertLists()).toMatchObject({ token: [{ lastTriggered: 7 }], silver: [{ price: 0.5, lastTriggered: null }] });
  });
});

describe('the in-tab checker', () => {
  // Only the interval and the clock are fake, so time moves only when the test moves it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2031, 0, 1, 12, 0, 0));
  });

  /** Lets the round in flight finish (its readings and notifications are promises). */
  async function settle() {
    for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(0));
  }

  it('checks on mount and every 60 s, re-firing only after the 15-minute gap', async () => {
    writeAlertList('token', [token]);
    const readings = fakeReadings({ latest: latest(0.9) });
    const { shown, notify } = recorder();
    const mountedAt = Date.now();
    render(<AlertChecker loadReadings={readings.load} preferences={prefs()} notify={notify} />);
    await settle();
    expect(shown).toHaveLength(1);
    expect(readAlertLists().token[0]!.lastTriggered).toBe(mountedAt);

    const rounds = readings.asked.length;
    await act(() => vi.advanceTimersByTimeAsync(ALERT_CHECK_INTERVAL_MS));
    await settle();
    expect(readings.asked.length).toBeGreaterThan(rounds);
    expect(shown).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(ALERT_RETRIGGER_GAP_MS - ALERT_CHECK_INTERVAL_MS));
    await settle();
    expect(shown).toHaveLength(2);
    expect(readAlertLists().token[0]!.lastTriggered).toBe(mountedAt + ALERT_RETRIGGER_GAP_MS);
  });

  it('checks a new alert at once, and stops when unmounted', async () => {
    const readings = fakeReadings({ silverPrice: 1.1 });
    const { shown, notify } = recorder();
    const view = render(<AlertChecker loadReadings={readings.load} preferences={prefs()} notify={notify} />);
    await settle();
    expect(readings.asked).toEqual([]);
    await act(async () => writeAlertList('silver', [silver]));
    await settle();
    expect(shown.map((n) => n.tag)).toEqual(['alert-s1']);
    view.unmount();
    const asked = readings.asked.length;
    writeAlertList('silver', [{ ...silver, id: 's2' }]);
    await act(() => vi.advanceTimersByTimeAsync(ALERT_RETRIGGER_GAP_MS));
    await settle();
    expect(readings.asked).toHaveLength(asked);
    expect(shown).toHaveLength(1);
  });
});

describe('showAlertNotification', () => {
  const notification: AlertNotification = { title: 'XSD price alert', body: 'XSD on Ethereum is $0.900000', tag: 'alert-t1', url: '/price-alerts' };

  function stubNotification(permission: NotificationPermission) {
    const created: { title: string; options: NotificationOptions }[] = [];
    class FakeNotification {
      static permission = permission;
      constructor(title: string, options: NotificationOptions) {
        created.push({ title, options });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    return created;
  }

  it('shows nothing without permission', async () => {
    const created = stubNotification('default');
    expect(await showAlertNotification(notification)).toBe(false);
    expect(created).toEqual([]);
  });

  it('uses new Notification when no service worker controls the page', async () => {
    const created = stubNotification('granted');
    expect(await showAlertNotification(notification)).toBe(true);
    expect(created).toEqual([
      { title: 'XSD price alert', options: expect.objectContaining({ body: notification.body, tag: 'alert-t1', data: { url: '/price-alerts' } }) },
    ]);
  });

  it("goes through the service worker's registration when one controls the page", async () => {
    const created = stubNotification('granted');
    const shown: [string, NotificationOptions][] = [];
    const registration = { showNotification: async (title: string, options: NotificationOptions) => void shown.push([title, options]) };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {}, ready: Promise.resolve(registration) } });
    try {
      expect(await showAlertNotification(notification)).toBe(true);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
    expect(created).toEqual([]);
    expect(shown).toEqual([['XSD price alert', expect.objectContaining({ tag: 'alert-t1' })]]);
  });

  it("logs 'Failed to show notification' quietly when showing fails", async () => {
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        constructor() {
          throw new TypeError('Illegal constructor');
        }
      },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await showAlertNotification(notification)).toBe(false);
    expect(warn).toHaveBeenCalledWith(PUSH_MESSAGES.showFailed, expect.any(TypeError));
  });
});
