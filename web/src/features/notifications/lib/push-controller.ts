import { type AlertLists, type NotificationPreferences, PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import type { SavePushSubscriptionRequest } from '@xsd/contracts/api/push';
import { readAlertLists } from '../../../lib/alert-lists';
import { readJson } from '../../../lib/storage';
import { NOTIFICATION_PREFERENCES_KEY, parseNotificationPreferences } from './notification-preferences';
import { type NotificationAccess, readPermission } from './permission';
import { type PushAvailability, pushAvailability, readBrowserFacts } from './push-environment';
import { applicationServerKey, deletePushSubscription, getPushPublicKey, savePushSubscription, saveRequest } from './push-registration';

/** How long to wait for the service worker before giving up with 'Failed to initialize notifications'. */
export const WORKER_READY_TIMEOUT_MS = 10_000;
/**
 * How long the browser's push service may take to hand out a subscription. Chromium without its
 * push service (offline, or a build without one) never answers: the visitor gets
 * 'Failed to subscribe to notifications' instead of a button stuck on 'Enabling…'.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;
/** Alert and preference edits come in bursts (typing, toggling): one re-post after they settle. */
export const SYNC_DEBOUNCE_MS = 1_000;

export const ENABLED_NOTIFICATION_BODY = 'You will be notified when your alerts trigger, even with this tab closed.';

/** The parts of the browser the controller uses (the real ones in browserPush below). */
export interface PushBrowser {
  readonly availability: PushAvailability;
  permission(): NotificationAccess;
  requestPermission(): Promise<NotificationPermission>;
  /** The active service worker registration; rejects when there is none in time. */
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager' | 'showNotification'>>;
}

/** The server's push routes (push-registration.ts). */
export interface PushServer {
  publicKey(): Promise<string>;
  save(body: SavePushSubscriptionRequest): Promise<unknown>;
  remove(endpoint: string): Promise<unknown>;
}

/** What the visitor has set: read when a request is built, so it is always the current lists. */
export interface PushInputs {
  preferences(): NotificationPreferences;
  alerts(): AlertLists;
}

export interface PushState {
  readonly availability: PushAvailability;
  readonly permission: NotificationAccess;
  /** This browser has a push subscription registered with the server. */
  readonly subscribed: boolean;
  readonly busy: boolean;
  /** One of PUSH_MESSAGES, for the last action that failed. */
  readonly error: string | null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

function sameKey(current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/**
 * The browser side of web push (spec section 4, DESIGN.md): Enable asks for permission, subscribes
 * with the server's VAPID key, registers the subscription with the visitor's preferences and alert
 * lists, and shows 'Notifications Enabled'; the toggle off removes it from the server and
 * unsubscribes; while subscribed, every change of preferences or alerts is re-posted (debounced).
 * Failures end in the spec's messages (PUSH_MESSAGES). One instance per page (getPushController).
 */
export class PushController {
  private state: PushState;
  private readonly listeners = new Set<() => void>();
  private syncTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly browser: PushBrowser,
    private readonly server: PushServer,
    private readonly inputs: PushInputs,
  ) {
    this.state = { availability: browser.availability, permission: browser.permission(), subscribed: false, busy: false, error: null };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): PushState => this.state;

  /** On page load: reads the state, and re-posts a subscription so the server has the current lists. */
  async load(): Promise<void> {
    await this.refresh();
    this.scheduleSync();
  }

  /** Reads the permission and whether this browser is subscribed. */
  async refresh(): Promise<void> {
    const permission = this.browser.permission();
    this.set({ permission });
    if (this.state.availability !== 'available' || permission !== 'granted') {
      this.set({ subscribed: false });
      return;
    }
    try {
      const registration = await this.browser.registration();
      const subscription = await registration.pushManager.getSubscription();
      this.set({ subscribed: subscription !== null });
    } catch {
      // Without a worker there is no subscription to show; Enable reports the failure if asked.
    }
  }

  /**
   * Enable notifications. Resolves true when subscribed. On an iPhone tab there is nothing to ask
   * (the caller opens the iPhone guide instead).
   */
  async enable(): Promise<boolean> {
    if (this.state.busy) return false;
    const { availability } = this.state;
    if (availability === 'unsupported') {
      this.set({ error: PUSH_MESSAGES.unsupported });
      return false;
    }
    if (availability !== 'available') return false;
    this.set({ busy: true, error: null });
    try {
      let permission: NotificationPermission;
      try {
        permission = await this.browser.requestPermission();
      } catch {
        this.set({ permission: this.browser.permission(), error: PUSH_MESSAGES.requestFailed });
        return false;
      }
      this.set({ permission });
      if (permission !== 'granted') return false;

      let registration: Awaited<ReturnType<PushBrowser['registration']>>;
      try {
        registration = await this.browser.registration();
      } catch {
        this.set({ error: PUSH_MESSAGES.initFailed });
        return false;
      }
      try {
        const key = applicationServerKey(await this.server.publicKey());
        let subscription = await registration.pushManager.getSubscription();
        // A subscription made with another server key (the keys were replaced) cannot be reused.
        if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
          await subscription.unsubscribe();
          subscription = null;
        }
        subscription ??= await withTimeout(
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
          SUBSCRIBE_TIMEOUT_MS,
        );
        await this.server.save(saveRequest(subscription, this.inputs.preferences(), this.inputs.alerts()));
      } catch {
        this.set({ error: PUSH_MESSAGES.subscribeFailed });
        return false;
      }
      this.set({ subscribed: true });
      try {
        await registration.showNotification(PUSH_MESSAGES.enabledTitle, {
          body: ENABLED_NOTIFICATION_BODY,
          icon: '/pwa-192x192.png',
          badge: '/badge-96x96.png',
          tag: 'notifications-enabled',
        });
      } catch {
        this.set({ error: PUSH_MESSAGES.showFailed });
      }
      return true;
    } finally {
      this.set({ busy: false });
    }
  }

  /** The toggle off: the server forgets the subscription, then the browser drops it. */
  async disable(): Promise<void> {
    if (this.state.busy) return;
    this.set({ busy: true, error: null });
    try {
      const registration = await this.browser.registration();
      const subscription = await registration.pushManager.getSubscription();
      if (subscription) {
        await this.server.remove(subscription.endpoint);
        await subscription.unsubscribe();
      }
      this.set({ subscribed: false });
    } catch {
      this.set({ error: PUSH_MESSAGES.unsubscribeFailed });
    } finally {
      this.set({ busy: false });
    }
  }

  /** Re-posts the subscription with the current preferences and alerts after they settle. */
  scheduleSync(): void {
    if (!this.state.subscribed) return;
    clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => void this.sync(), SYNC_DEBOUNCE_MS);
  }

  async sync(): Promise<void> {
    if (!this.state.subscribed) return;
    try {
      const registration = await this.browser.registration();
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription) {
        this.set({ subscribed: false });
        return;
      }
      await this.server.save(saveRequest(subscription, this.inputs.preferences(), this.inputs.alerts()));
      if (this.state.error === PUSH_MESSAGES.subscribeFailed) this.set({ error: null });
    } catch {
      this.set({ error: PUSH_MESSAGES.subscribeFailed });
    }
  }

  clearError(): void {
    if (this.state.error !== null) this.set({ error: null });
  }

  private set(change: Partial<PushState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}

function workerRegistration(): Promise<ServiceWorkerRegistration> {
  return withTimeout(navigator.serviceWorker.ready, WORKER_READY_TIMEOUT_MS);
}

export function browserPush(): PushBrowser {
  return {
    availability: pushAvailability(readBrowserFacts()),
    permission: readPermission,
    requestPermission: () => Notification.requestPermission(),
    registration: workerRegistration,
  };
}

export const pushServer: PushServer = { publicKey: getPushPublicKey, save: savePushSubscription, remove: deletePushSubscription };

export const storedPushInputs: PushInputs = {
  preferences: () => parseNotificationPreferences(readJson(NOTIFICATION_PREFERENCES_KEY)),
  alerts: readAlertLists,
};

let controller: PushController | null = null;

/** This page's controller, made on first use (it reads the browser). */
export function getPushController(): PushController {
  controller ??= new PushController(browserPush(), pushServer, storedPushInputs);
  return controller;
}
