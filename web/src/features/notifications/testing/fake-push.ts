/**
 * Test stand-ins for the parts of web push that only a browser with a push service has: the
 * permission prompt, the service worker registration and its PushManager (subscriptions carry
 * real P-256 keys and auth secrets), and the server's `/api/push/*` routes answering from the
 * contracts' schemas, so every request body is checked as the API checks it.
 */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IdempotencyKeySchema } from '@xsd/contracts/api/idempotency';
import { RemovePushSubscriptionRequestSchema, type SavePushSubscriptionRequest, SavePushSubscriptionRequestSchema } from '@xsd/contracts/api/push';
import { vi } from 'vitest';
import type { NotificationAccess } from '../lib/permission';
import type { PushBrowser } from '../lib/push-controller';
import type { PushAvailability } from '../lib/push-environment';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new P-256 public key, uncompressed (65 bytes), base64url: a VAPID key or a subscription's p256dh. */
export async function newP256PublicKey(): Promise<string> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  return base64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
}

export class FakeSubscription {
  readonly options: { readonly applicationServerKey: ArrayBuffer; readonly userVisibleOnly: boolean };
  private readonly keys: { readonly p256dh: string; readonly auth: string };
  unsubscribed = false;

  constructor(
    readonly endpoint: string,
    applicationServerKey: Uint8Array,
    p256dh: string,
    private readonly manager: FakePushManager,
  ) {
    this.keys = { p256dh, auth: base64url(crypto.getRandomValues(new Uint8Array(16))) };
    this.options = { applicationServerKey: applicationServerKey.slice().buffer, userVisibleOnly: true };
  }

  toJSON(): PushSubscriptionJSON {
    return { endpoint: this.endpoint, expirationTime: null, keys: { ...this.keys } };
  }

  async unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    if (this.manager.current === this) this.manager.current = null;
    return true;
  }
}

export class FakePushManager {
  current: FakeSubscription | null = null;
  readonly subscribeCalls: PushSubscriptionOptionsInit[] = [];
  /** What the next subscribe does instead of answering: fail, or never answer. */
  next: 'answer' | 'fail' | 'hang' = 'answer';
  private count = 0;

  async getSubscription(): Promise<FakeSubscription | null> {
    return this.current;
  }

  subscribe(options: PushSubscriptionOptionsInit): Promise<FakeSubscription> {
    this.subscribeCalls.push(options);
    if (this.next === 'hang') return new Promise(() => undefined);
    if (this.next === 'fail') return Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
    this.count += 1;
    const endpoint = `https://push.example.test/send/${this.count}`;
    return newP256PublicKey().then((p256dh) => {
      this.current = new FakeSubscription(endpoint, options.applicationServerKey as Uint8Array, p256dh, this);
      return this.current;
    });
  }
}

export interface ShownNotification {
  readonly title: string;
  readonly options?: NotificationOptions;
}

export interface FakeBrowser extends PushBrowser {
  readonly pushManager: FakePushManager;
  readonly shown: ShownNotification[];
  permissionState: NotificationAccess;
  /** What the permission prompt answers (or 'throw'). */
  answer: NotificationPermission | 'throw';
  workerMissing: boolean;
  showFails: boolean;
}

export function fakeBrowser(availability: PushAvailability = 'available', permission: NotificationAccess = 'default'): FakeBrowser {
  const pushManager = new FakePushManager();
  const browser: FakeBrowser = {
    availability,
    pushManager,
    shown: [],
    permissionState: permission,
    answer: 'granted',
    workerMissing: false,
    showFails: false,
    permission: () => browser.permissionState,
    requestPermission: async () => {
      if (browser.answer === 'throw') throw new TypeError('Permission request failed');
      browser.permissionState = browser.answer;
      return browser.answer;
    },
    registration: async () => {
      if (browser.workerMissing) throw new Error('No service worker');
      return {
        pushManager: pushManager as unknown as PushManager,
        showNotification: async (title: string, options?: NotificationOptions) => {
          if (browser.showFails) throw new TypeError('No notification permission');
          browser.shown.push({ title, options });
        },
      };
    },
  };
  return browser;
}

export interface PushServerCall {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

export interface FakePushServer {
  readonly publicKey: string;
  readonly calls: PushServerCall[];
  /** Saved requests, as the API parsed them. */
  readonly saved: SavePushSubscriptionRequest[];
  /** The Idempotency-Key of each save (null when it had none), as the API parsed it. */
  readonly idempotencyKeys: (string | null)[];
  /** Answer the next save or remove with this status instead. */
  failNext: number | null;
}

/** Answers `fetch` as the API's push routes do (installed with vi.stubGlobal; undo with vi.unstubAllGlobals). */
export async function servePushRoutes(): Promise<FakePushServer> {
  const server: FakePushServer = { publicKey: await newP256PublicKey(), calls: [], saved: [], idempotencyKeys: [], failNext: null };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const invalid = (message: string) => json(400, { error: { code: 'invalid_request', message } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const path = String(input);
      server.calls.push({ method, path, body });
      if (method === 'GET' && path === '/api/push/key') return json(200, { publicKey: server.publicKey });
      if (path !== '/api/push/subscriptions') return json(404, { error: { code: 'not_found', message: 'Not found' } });
      if (server.failNext !== null && method !== 'GET') {
        const status = server.failNext;
        server.failNext = null;
        return json(status, { error: { code: 'unavailable', message: 'Try again later' } });
      }
      if (method === 'POST') {
        const header = new Headers(init.headers).get(IDEMPOTENCY_KEY_HEADER);
        const key = header === null ? null : IdempotencyKeySchema.safeParse(header);
        if (key && !key.success) return json(400, { error: { code: 'invalid_idempotency_key', message: IDEMPOTENCY_MESSAGES.invalid } });
        const parsed = SavePushSubscriptionRequestSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? 'invalid');
        server.saved.push(parsed.data);
        server.idempotencyKeys.push(key?.data ?? null);
        const { token, silver, calendar } = parsed.data.alerts;
        return json(201, { saved: true, rules: [...token, ...silver, ...calendar].filter((alert) => alert.enabled).length });
      }
      if (method === 'DELETE') {
        const parsed = RemovePushSubscriptionRequestSchema.safeParse(body);
        return parsed.success ? json(200, { removed: true }) : invalid(parsed.error.issues[0]?.message ?? 'invalid');
      }
      return json(405, { error: { code: 'method_not_allowed', message: 'Method not allowed' } });
    }),
  );
  return server;
}
