/**
 * A loopback web push service for tests and benchmarks: it plays the push service's side of
 * RFC 8030 (HTTP push), RFC 8291 (message encryption) and RFC 8292 (VAPID) over HTTPS on
 * 127.0.0.1, with a self-signed certificate made at start.
 *
 * On `POST /push/<id>` it checks, in this order:
 * - the subscription exists (404) and was not unsubscribed (410);
 * - the body is at most 4096 bytes (413);
 * - `TTL` is an integer >= 0; `Urgency`, when sent, is very-low, low, normal or high; `Topic`,
 *   when sent, is 1 to 32 base64url characters; `Content-Encoding` is `aes128gcm` whenever there
 *   is a body (400);
 * - `Authorization: vapid t=<JWT>, k=<key>` is present (401), and the JWT is valid (403): ES256
 *   signature verified with k, `aud` the receiver's origin, `exp` in the future and at most 24 h
 *   ahead, `sub` a mailto: or https: URL, and k the expected application server key when the
 *   receiver or the subscription was given one;
 * - the body decrypts with the subscription's private key and auth secret (400).
 * Every refused request is kept in `rejected()`, so a test can assert the sender made none.
 * A valid push then gets the next scripted answer for its endpoint (or for all endpoints), if
 * any (404, 410, 429 with Retry-After, 5xx, a delay, a dropped connection), else 201 Created.
 *
 * This file is the server and its test API; the checks live in `push-service/`: the request in
 * `push-request.ts`, VAPID in `vapid.ts`, the `aes128gcm` decryption in `aes128gcm.ts`.
 *
 * Services started as child processes trust the certificate through
 * `NODE_EXTRA_CA_CERTS=<receiver.caFile>`; an in-process sender passes `receiver.createAgent()`
 * (or an `https.Agent` with `ca: receiver.caPem`) as web-push's `agent` option.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, type AgentOptions, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionJson } from '@xsd/contracts/api/push';
import { createSubscriberKeys, type SubscriberKeys } from './push-service/aes128gcm.js';
import { createLoopbackCertificate } from './push-service/certificate.js';
import { checkPushRequest, PushRefusal, type PushUrgency, readPushBody } from './push-service/push-request.js';
import { VapidVerifier } from './push-service/vapid.js';

export interface PushReceiverOptions {
  /**
   * The application server key (base64url, uncompressed P-256) every push must be signed with,
   * as a subscription made with `applicationServerKey` would require. Default: any valid key.
   */
  readonly vapidPublicKey?: string;
  /**
   * 'all' (default) keeps every accepted push with its payload; 'count' only counts them, per
   * endpoint and in total, for benchmarks (pushes() and pushesFor() are then empty).
   */
  readonly record?: 'all' | 'count';
}

export interface CreateSubscriberOptions {
  /** Restricts this subscription to one application server key (base64url), as the browser does. */
  readonly applicationServerKey?: string;
}

/** One answer the receiver gives instead of 201 to the next valid push, once. */
export interface ScriptedAnswer {
  /** The status to answer (default 201: the push is accepted after `delayMs`). */
  readonly status?: number;
  /** Seconds (or an HTTP date) for the `Retry-After` header, with 429 or 503. */
  readonly retryAfter?: number | string;
  /** Wait this long before answering. */
  readonly delayMs?: number;
  /** Destroy the connection without an answer (the sender sees a network error). */
  readonly drop?: boolean;
}

export interface ReceivedPush {
  readonly endpoint: string;
  readonly subscriptionId: string;
  /** The decrypted payload as UTF-8, or null for a push without a body. */
  readonly payload: string | null;
  /** The payload parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
  readonly ttl: number;
  /** From the `Urgency` header; RFC 8030 reads a missing header as 'normal'. */
  readonly urgency: PushUrgency;
  readonly topic: string | null;
  /** The VAPID JWT's `sub`. */
  readonly vapidSubject: string;
  /** The VAPID `k` the push was signed with (base64url). */
  readonly vapidPublicKey: string;
  /** Epoch milliseconds. */
  readonly receivedAt: number;
}

export type AttemptOutcome = 'accepted' | 'scripted' | 'dropped' | 'rejected' | 'unknown' | 'gone';

/** Every request to a push endpoint, whatever its answer, in arrival order. */
export interface PushAttempt {
  readonly endpoint: string;
  /** Epoch milliseconds when the request arrived (before any scripted delay). */
  readonly at: number;
  /** The status answered (0 when the connection was dropped). */
  readonly status: number;
  readonly outcome: AttemptOutcome;
  /** The Retry-After header answered, if any. */
  readonly retryAfter?: string;
}

export interface RejectedPush {
  readonly endpoint: string;
  readonly at: number;
  readonly status: 400 | 401 | 403 | 413;
  readonly reason: string;
}

export interface WaitForPushesOptions {
  /** Default 10,000 ms. */
  readonly timeoutMs?: number;
  /** Count only the pushes to this endpoint. */
  readonly endpoint?: EndpointRef;
}

/** An endpoint URL, or a subscription holding one. */
export type EndpointRef = string | { readonly endpoint: string };

export interface PushReceiver {
  /** `https://127.0.0.1:<port>`: the VAPID audience of every endpoint here. */
  readonly origin: string;
  readonly port: number;
  /** The self-signed certificate (PEM), to trust in an `https.Agent({ ca })`. */
  readonly caPem: string;
  /** The certificate in a temporary file, for `NODE_EXTRA_CA_CERTS`; removed on close. */
  readonly caFile: string;
  /** A browser-like subscription: `PushSubscription.toJSON()` with fresh keys. */
  createSubscriber(options?: CreateSubscriberOptions): PushSubscriptionJson;
  createSubscribers(count: number, options?: CreateSubscriberOptions): PushSubscriptionJson[];
  /** From now on the endpoint answers 410 Gone, as after the browser unsubscribed. */
  unsubscribe(endpoint: EndpointRef): void;
  /**
   * Queues answers for the next valid pushes to one endpoint, or to any endpoint with '*'; after
   * them the receiver accepts again. An endpoint's own queue goes before the '*' queue.
   */
  respond(endpoint: EndpointRef | '*', answers: readonly ScriptedAnswer[]): void;
  /** An https.Agent trusting the certificate, with keep-alive, for web-push's `agent` option. */
  createAgent(options?: AgentOptions): Agent;
  pushes(): readonly ReceivedPush[];
  pushesFor(endpoint: EndpointRef): readonly ReceivedPush[];
  /** Accepted pushes, in total or to one endpoint (also in 'count' mode). */
  count(endpoint?: EndpointRef): number;
  /** Resolves with the pushes (to `options.endpoint`, if given) once at least n were accepted. */
  waitForPushes(n: number, options?: WaitForPushesOptions): Promise<readonly ReceivedPush[]>;
  /** Every request, or those to one endpoint, with its time and answer. */
  attempts(endpoint?: EndpointRef): readonly PushAttempt[];
  rejected(): readonly RejectedPush[];
  /** Forgets pushes, attempts, rejections and scripted answers; subscribers stay. */
  reset(): void;
  close(): Promise<void>;
}

interface Subscriber {
  readonly id: string;
  readonly endpoint: string;
  readonly keys: SubscriberKeys;
  readonly applicationServerKey: string | undefined;
  gone: boolean;
  accepted: number;
}

interface Waiter {
  readonly n: number;
  readonly endpoint: string | undefined;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

const PUSH_PATH = /^\/push\/([A-Za-z0-9_-]{1,64})$/;

/** Starts the receiver on 127.0.0.1 (random free port) with a new self-signed certificate. */
export async function startPushReceiver(options: PushReceiverOptions = {}): Promise<PushReceiver> {
  const recordAll = (options.record ?? 'all') === 'all';
  const { pem, caDir, caFile } = await createLoopbackCertificate();

  const subscribers = new Map<string, Subscriber>();
  const vapid = new VapidVerifier();
  let pushes: ReceivedPush[] = [];
  let attempts: PushAttempt[] = [];
  let rejected: RejectedPush[] = [];
  let scripts = new Map<string, ScriptedAnswer[]>();
  let total = 0;
  let waiters: Waiter[] = [];
  let origin = '';

  const server: Server = createServer({ key: pem.private, cert: pem.cert, keepAliveTimeout: 30_000 }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A bug in the receiver must not look like a push service answer the sender could accept.
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = Date.now();
    const match = request.method === 'POST' ? PUSH_PATH.exec(request.url ?? '') : null;
    if (!match) {
      request.resume();
      answer(response, request.method === 'POST' ? 404 : 405);
      return;
    }
    const endpoint = `${origin}/push/${match[1]}`;
    const attempt = (status: number, outcome: AttemptOutcome, retryAfter?: string) =>
      attempts.push(retryAfter === undefined ? { endpoint, at, status, outcome } : { endpoint, at, status, outcome, retryAfter });

    const subscriber = subscribers.get(match[1]);
    if (!subscriber || subscriber.gone) {
      request.resume();
      const status = subscriber ? 410 : 404;
      attempt(status, subscriber ? 'gone' : 'unknown');
      answer(response, status);
      return;
    }

    let push: ReceivedPush;
    try {
      const body = await readPushBody(request);
      push = receivedPush(subscriber, checkPushRequest(
        request,
        body,
        at,
        { origin, keys: subscriber.keys, applicationServerKey: subscriber.applicationServerKey ?? options.vapidPublicKey },
        vapid,
      ), at);
    } catch (error) {
      if (!(error instanceof PushRefusal)) throw error;
      attempt(error.status, 'rejected');
      rejected.push({ endpoint, at, status: error.status, reason: error.message });
      answer(response, error.status, error.message);
      return;
    }

    const scripted = nextScriptedAnswer(subscriber.id);
    if (scripted) {
      if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
      if (scripted.drop) {
        attempt(0, 'dropped');
        request.socket.destroy();
        return;
      }
      const status = scripted.status ?? 201;
      if (status !== 201) {
        const retryAfter = scripted.retryAfter === undefined ? undefined : String(scripted.retryAfter);
        attempt(status, 'scripted', retryAfter);
        answer(response, status, undefined, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
        return;
      }
    }
    accept(subscriber, push);
    attempt(201, 'accepted');
    answer(response, 201, undefined, { location: `${origin}/message/${randomBytes(9).toString('base64url')}` });
  }

  function receivedPush(subscriber: Subscriber, checked: ReturnType<typeof checkPushRequest>, at: number): ReceivedPush {
    return {
      endpoint: subscriber.endpoint,
      subscriptionId: subscriber.id,
      payload: checked.payload,
      json: recordAll && checked.payload !== null ? parseJson(checked.payload) : undefined,
      ttl: checked.ttl,
      urgency: checked.urgency,
      topic: checked.topic,
      vapidSubject: checked.vapid.subject,
      vapidPublicKey: checked.vapid.publicKey,
      receivedAt: at,
    };
  }

  function nextScriptedAnswer(id: string): ScriptedAnswer | undefined {
    for (const queueKey of [id, '*']) {
      const queue = scripts.get(queueKey);
      if (queue && queue.length > 0) return queue.shift();
    }
    return undefined;
  }

  function accept(subscriber: Subscriber, push: ReceivedPush): void {
    subscriber.accepted += 1;
    total += 1;
    if (recordAll) pushes.push(push);
    if (waiters.length === 0) return;
    waiters = waiters.filter((waiter) => {
      const reached = (waiter.endpoint === undefined ? total : (subscribers.get(idOf(waiter.endpoint))?.accepted ?? 0)) >= waiter.n;
      if (reached) waiter.resolve();
      return !reached;
    });
  }

  function newSubscriber(subscriberOptions: CreateSubscriberOptions = {}): PushSubscriptionJson {
    const id = randomBytes(12).toString('base64url');
    const endpoint = `${origin}/push/${id}`;
    const keys = createSubscriberKeys();
    subscribers.set(id, { id, endpoint, keys, applicationServerKey: subscriberOptions.applicationServerKey, gone: false, accepted: 0 });
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.authSecret.toString('base64url') },
    };
  }

  function idOf(ref: EndpointRef): string {
    const endpoint = typeof ref === 'string' ? ref : ref.endpoint;
    const prefix = `${origin}/push/`;
    if (!endpoint.startsWith(prefix)) throw new Error(`${endpoint} is not an endpoint of the push receiver at ${origin}`);
    return endpoint.slice(prefix.length);
  }

  function endpointOf(ref: EndpointRef): string {
    return `${origin}/push/${idOf(ref)}`;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;
  let closing: Promise<void> | null = null;

  return {
    origin,
    port,
    caPem: pem.cert,
    caFile,
    createSubscriber: newSubscriber,
    createSubscribers(count, subscriberOptions) {
      return Array.from({ length: count }, () => newSubscriber(subscriberOptions));
    },
    unsubscribe(ref) {
      const subscriber = subscribers.get(idOf(ref));
      if (!subscriber) throw new Error(`no subscriber ${endpointOf(ref)}`);
      subscriber.gone = true;
    },
    respond(ref, answers) {
      const key = ref === '*' ? '*' : idOf(ref);
      scripts.set(key, [...(scripts.get(key) ?? []), ...answers]);
    },
    createAgent(agentOptions) {
      return new Agent({ keepAlive: true, ...agentOptions, ca: pem.cert });
    },
    pushes: () => pushes,
    pushesFor(ref) {
      const endpoint = endpointOf(ref);
      return pushes.filter((push) => push.endpoint === endpoint);
    },
    count(ref) {
      return ref === undefined ? total : (subscribers.get(idOf(ref))?.accepted ?? 0);
    },
    waitForPushes(n, { timeoutMs = 10_000, endpoint } = {}) {
      const target = endpoint === undefined ? undefined : endpointOf(endpoint);
      const current = () => (target === undefined ? pushes : pushes.filter((push) => push.endpoint === target));
      const reached = () => (target === undefined ? total : (subscribers.get(idOf(target))?.accepted ?? 0)) >= n;
      if (reached()) return Promise.resolve(current());
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          n,
          endpoint: target,
          resolve: () => {
            clearTimeout(timer);
            resolve(current());
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((other) => other !== waiter);
          const got = target === undefined ? total : (subscribers.get(idOf(target))?.accepted ?? 0);
          const refusals = rejected.slice(-3).map((r) => `${r.status} ${r.reason}`);
          reject(
            new Error(
              `Timed out after ${timeoutMs} ms waiting for ${n} push(es)${target ? ` to ${target}` : ''}: got ${got}` +
                (refusals.length > 0 ? `; ${rejected.length} rejected, last: ${refusals.join(' | ')}` : ''),
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    attempts(ref) {
      if (ref === undefined) return attempts;
      const endpoint = endpointOf(ref);
      return attempts.filter((attempt) => attempt.endpoint === endpoint);
    },
    rejected: () => rejected,
    reset() {
      pushes = [];
      attempts = [];
      rejected = [];
      scripts = new Map();
      total = 0;
      for (const subscriber of subscribers.values()) subscriber.accepted = 0;
    },
    close() {
      for (const waiter of waiters) waiter.reject(new Error(`the push receiver closed before ${waiter.n} push(es) arrived`));
      waiters = [];
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).finally(() => rmSync(caDir, { recursive: true, force: true }));
      return closing;
    },
  };
}

function answer(response: ServerResponse, status: number, text?: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, text === undefined ? headers : { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
