// @vitest-environment happy-dom
import { PUSH_MESSAGES, type TokenPriceAlert } from '@xsd/contracts/api/alerts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeAlertList } from '../../../lib/alert-lists';
import { writeJson } from '../../../lib/storage';
import { fakeBrowser, type FakeBrowser, type FakePushServer, servePushRoutes } from '../testing/fake-push';
import { NOTIFICATION_PREFERENCES_KEY } from './notification-preferences';
import { ENABLED_NOTIFICATION_BODY, PushController, pushServer, storedPushInputs, SUBSCRIBE_TIMEOUT_MS, SYNC_DEBOUNCE_MS } from './push-controller';
import { applicationServerKey } from './push-registration';

const tokenAlert: TokenPriceAlert = {
  id: 'a1',
  token: 'XSD',
  chain: 'Ethereum',
  condition: 'above',
  price: 1.05,
  enabled: true,
  lastTriggered: null,
};

let browser: FakeBrowser;
let server: FakePushServer;
let push: PushController;

beforeEach(async () => {
  localStorage.clear();
  server = await servePushRoutes();
  browser = fakeBrowser();
  push = new PushController(browser, pushServer, storedPushInputs);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('Enable', () => {
  it('asks, subscribes with the server key, registers subscription, preferences and alerts, and confirms', async () => {
    writeAlertList('token', [tokenAlert, { ...tokenAlert, id: 'a2', enabled: false }]);
    writeJson(NOTIFICATION_PREFERENCES_KEY, { priceAlerts: true, silverAlerts: false, calendarEvents: true, systemUpdates: true });

    expect(await push.enable()).toBe(true);

    expect(browser.pushManager.subscribeCalls).toEqual([{ userVisibleOnly: true, applicationServerKey: applicationServerKey(server.publicKey) }]);
    const subscription = browser.pushManager.current!.toJSON();
    expect(server.saved).toEqual([
      {
        subscription: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
        preferences: { priceAlerts: true, silverAlerts: false, calendarEvents: true, systemUpdates: true },
        alerts: { token: [tokenAlert, { ...tokenAlert, id: 'a2', enabled: false }], silver: [], calendar: [] },
      },
    ]);
    expect(browser.shown).toEqual([
      { title: 'Notifications Enabled', options: expect.objectContaining({ body: ENABLED_NOTIFICATION_BODY }) },
    ]);
    expect(push.getState()).toMatchObject({ permission: 'granted', subscribed: true, busy: false, error: null });
  });

  it('reuses the subscription the browser already has for the same key', async () => {
    browser.permissionState = 'granted';
    await push.enable();
    const first = browser.pushManager.current;
    await push.enable();
    expect(browser.pushManager.current).toBe(first);
    expect(browser.pushManager.subscribeCalls).toHaveLength(1);
    expect(server.saved).toHaveLength(2);
    // Each save is its own request: a fresh Idempotency-Key each time.
    expect(server.idempotencyKeys).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(server.idempotencyKeys[0]).not.toBe(server.idempotencyKeys[1]);
  });

  it('replaces a subscription made with another server key', async () => {
    await push.enable();
    const old = browser.pushManager.current!;
    const fresh = await servePushRoutes();
    await push.enable();
    expect(old.unsubscribed).toBe(true);
    expect(browser.pushManager.current).not.toBe(old);
    expect(browser.pushManager.subscribeCalls[1]?.applicationServerKey).toEqual(applicationServerKey(fresh.publicKey));
  });

  it('stops when the visitor blocks notifications', async () => {
    browser.answer = 'denied';
    expect(await push.enable()).toBe(false);
    expect(push.getState()).toMatchObject({ permission: 'denied', subscribed: false, error: null });
    expect(browser.pushManager.subscribeCalls).toEqual([]);
    expect(server.calls).toEqual([]);
  });

  it('stops quietly when the visitor closes the permission prompt', async () => {
    browser.answer = 'default';
    expect(await push.enable()).toBe(false);
    expect(push.getState()).toMatchObject({ permission: 'default', error: null });
  });

  it("says 'Failed to request notification permission' when asking fails", async () => {
    browser.answer = 'throw';
    expect(await push.enable()).toBe(false);
    expect(push.getState().error).toBe(PUSH_MESSAGES.requestFailed);
  });

  it("says 'Failed to initialize notifications' without a service worker", async () => {
    browser.workerMissing = true;
    expect(await push.enable()).toBe(false);
    expect(push.getState().error).toBe(PUSH_MESSAGES.initFailed);
  });

  it("says 'Failed to subscribe to notifications' when the push service refuses", async () => {
    browser.pushManager.next = 'fail';
    expect(await push.enable()).toBe(false);
    expect(push.getState()).toMatchObject({ subscribed: false, error: PUSH_MESSAGES.subscribeFailed });
  });

  it("says 'Failed to subscribe to notifications' when the push service never answers", async () => {
    vi.useFakeTimers();
    browser.pushManager.next = 'hang';
    const result = push.enable();
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS);
    expect(await result).toBe(false);
    expect(push.getState()).toMatchObject({ busy: false, error: PUSH_MESSAGES.subscribeFailed });
  });

  it("says 'Failed to subscribe to notifications' when the server refuses the subscription", async () => {
    server.failNext = 503;
    expect(await push.enable()).toBe(false);
    expect(push.getState()).toMatchObject({ subscribed: false, error: PUSH_MESSAGES.subscribeFailed });
  });

  it("stays subscribed but says 'Failed to show notification' when the confirmation cannot be shown", async () => {
    browser.showFails = true;
    expect(await push.enable()).toBe(true);
    expect(push.getState()).toMatchObject({ subscribed: true, error: PUSH_MESSAGES.showFailed });
  });

  it("says 'Notifications are not supported in this browser' where there is no push", async () => {
    push = new PushController(fakeBrowser('unsupported', 'unsupported'), pushServer, storedPushInputs);
    expect(await push.enable()).toBe(false);
    expect(push.getState().error).toBe(PUSH_MESSAGES.unsupported);
    expect(server.calls).toEqual([]);
  });

  it('does nothing on a preview host', async () => {
    push = new PushController(fakeBrowser('preview-host'), pushServer, storedPushInputs);
    expect(await push.enable()).toBe(false);
    expect(push.getState().error).toBeNull();
    expect(server.calls).toEqual([]);
  });
});

describe('the toggle off', () => {
  it('removes the subscription from the server, then unsubscribes', async () => {
    await push.enable();
    const subscription = browser.pushManager.current!;
    await push.disable();
    expect(server.calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: subscription.endpoint } });
    expect(subscription.unsubscribed).toBe(true);
    expect(push.getState()).toMatchObject({ subscribed: false, error: null });
  });

  it("says 'Failed to unsubscribe from notifications' and stays on when the server fails", async () => {
    await push.enable();
    server.failNext = 500;
    await push.disable();
    expect(browser.pushManager.current?.unsubscribed).toBe(false);
    expect(push.getState()).toMatchObject({ subscribed: true, error: PUSH_MESSAGES.unsubscribeFailed });
  });
});

describe('while subscribed', () => {
  it('re-posts once after a burst of alert and preference changes settles', async () => {
    await push.enable();
    vi.useFakeTimers();
    writeAlertList('token', [tokenAlert]);
    push.scheduleSync();
    writeJson(NOTIFICATION_PREFERENCES_KEY, { priceAlerts: false, silverAlerts: true, calendarEvents: true, systemUpdates: true });
    push.scheduleSync();
    await vi.advanceTimersByTimeAsync(SYNC_DEBOUNCE_MS - 1);
    expect(server.saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.saved).toHaveLength(2);
    expect(server.saved[1]).toMatchObject({
      preferences: { priceAlerts: false },
      alerts: { token: [tokenAlert] },
    });
  });

  it('finds the subscription on load and posts it again, so the server has the current lists', async () => {
    await push.enable();
    vi.useFakeTimers();
    const reloaded = new PushController(browser, pushServer, storedPushInputs);
    await reloaded.load();
    expect(reloaded.getState()).toMatchObject({ permission: 'granted', subscribed: true });
    await vi.advanceTimersByTimeAsync(SYNC_DEBOUNCE_MS);
    expect(server.saved).toHaveLength(2);
  });

  it('reads the state without posting when the settings open', async () => {
    await push.enable();
    vi.useFakeTimers();
    await push.refresh();
    await vi.advanceTimersByTimeAsync(SYNC_DEBOUNCE_MS);
    expect(server.saved).toHaveLength(1);
  });

  it('posts nothing for a browser that is not subscribed', async () => {
    vi.useFakeTimers();
    await push.load();
    await vi.advanceTimersByTimeAsync(SYNC_DEBOUNCE_MS);
    expect(server.calls).toEqual([]);
  });
});
