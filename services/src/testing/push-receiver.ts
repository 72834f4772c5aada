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
 * Services started as child processes trust the certificate through
 * `NODE_EXTRA_CA_CERTS=<receiver.caFile>`; an in-process sender passes `receiver.createAgent()`
 * (or an `https.Agent` with `ca: receiver.caPem`) as web-push's `agent` option.
 */
import { createPublicKey, type KeyObject, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, type AgentOptions, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushSubscriptionJson } from '@xsd/contracts/api/push';
import { generate } from 'selfsigned';
import { createSubscriberKeys, decryptPushMessage, PushDecryptError, type SubscriberKeys } from './push-subscriber-keys.js';

export const PUSH_URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
export type PushUrgency = (typeof PUSH_URGENCIES)[number];

/** RFC 8030 section 7.2: push services must take 4096 bytes of payload; we take no more. */
export const MAX_PUSH_BODY_BYTES = 4096;
/** RFC 8292 section 2: a VAPID token expires at most 24 hours after the request. */
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;
const MAX_VERIFIED_TOKENS = 10_000;

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

class Refusal extends Error {
  constructor(
    readonly status: RejectedPush['status'],
    reason: string,
  ) {
    super(reason);
  }
}

const PUSH_PATH = /^\/push\/([A-Za-z0-9_-]{1,64})$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Starts the receiver on 127.0.0.1 (random free port) with a new self-signed certificate. */
export async function startPushReceiver(options: PushReceiverOptions = {}): Promise<PushReceiver> {
  const recordAll = (options.record ?? 'all') === 'all';
  const pem = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const caDir = mkdtempSync(join(tmpdir(), 'xsd-push-receiver-'));
  const caFile = join(caDir, 'ca.pem');
  writeFileSync(caFile, pem.cert);

  const subscribers = new Map<string, Subscriber>();
  const vapidKeys = new Map<string, KeyObject>();
  /** `<k> <JWT>` pairs whose signature verified. */
  const verifiedTokens = new Set<string>();
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
      const body = await readBody(request);
      push = checkPush(request, body, subscriber, at);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
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

  function checkPush(request: IncomingMessage, body: Buffer, subscriber: Subscriber, at: number): ReceivedPush {
    const ttlHeader = header(request, 'ttl');
    if (ttlHeader === undefined) throw new Refusal(400, 'TTL header is missing');
    if (!/^\d{1,10}$/.test(ttlHeader)) throw new Refusal(400, `TTL header "${ttlHeader}" is not an integer >= 0`);
    const urgency = header(request, 'urgency') ?? 'normal';
    if (!(PUSH_URGENCIES as readonly string[]).includes(urgency)) throw new Refusal(400, `Urgency header "${urgency}" is not one of ${PUSH_URGENCIES.join(', ')}`);
    const topic = header(request, 'topic') ?? null;
    if (topic !== null && (topic.length > 32 || !BASE64URL.test(topic))) throw new Refusal(400, `Topic header "${topic}" is not 1 to 32 base64url characters`);
    const encoding = header(request, 'content-encoding');
    if (body.length > 0 && encoding !== 'aes128gcm') throw new Refusal(400, `Content-Encoding "${encoding ?? ''}" is not aes128gcm`);

    const vapid = checkVapid(header(request, 'authorization'), at, subscriber.applicationServerKey ?? options.vapidPublicKey);

    let payload: string | null = null;
    if (body.length > 0) {
      try {
        payload = decryptPushMessage(body, subscriber.keys).toString('utf8');
      } catch (error) {
        if (error instanceof PushDecryptError) throw new Refusal(400, error.message);
        throw error;
      }
    }
    return {
      endpoint: subscriber.endpoint,
      subscriptionId: subscriber.id,
      payload,
      json: recordAll && payload !== null ? parseJson(payload) : undefined,
      ttl: Number(ttlHeader),
      urgency: urgency as PushUrgency,
      topic,
      vapidSubject: vapid.subject,
      vapidPublicKey: vapid.publicKey,
      receivedAt: at,
    };
  }

  /** RFC 8292: `vapid t=<JWT>, k=<application server key>`. */
  function checkVapid(authorization: string | undefined, at: number, expectedKey: string | undefined): { subject: string; publicKey: string } {
    if (authorization === undefined) throw new Refusal(401, 'Authorization header is missing (VAPID required)');
    const scheme = /^vapid\s+(.*)$/is.exec(authorization.trim());
    if (!scheme) throw new Refusal(401, 'Authorization is not the "vapid" scheme');
    const params = new Map<string, string>();
    for (const part of scheme[1].split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
    }
    const token = params.get('t');
    const publicKey = params.get('k');
    if (!token || !publicKey) throw new Refusal(401, 'VAPID authorization needs both t= and k=');
    if (expectedKey !== undefined && publicKey !== expectedKey) throw new Refusal(403, 'VAPID key k is not the application server key of this subscription');

    const parts = token.split('.');
    if (parts.length !== 3) throw new Refusal(403, 'VAPID token is not a JWT');
    const [encodedHeader, encodedClaims, encodedSignature] = parts;
    const cacheKey = `${publicKey} ${token}`;
    if (!verifiedTokens.has(cacheKey)) {
      const jwtHeader = decodeJson(encodedHeader) as { alg?: unknown } | undefined;
      if (jwtHeader?.alg !== 'ES256') throw new Refusal(403, 'VAPID JWT alg must be ES256');
      const key = vapidKey(publicKey);
      const signature = Buffer.from(encodedSignature, 'base64url');
      const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`, 'latin1');
      if (signature.length !== 64 || !verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
        throw new Refusal(403, 'VAPID JWT signature does not verify with k');
      }
      // A sender reuses one token for many pushes; its claims are still checked on every push.
      if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.clear();
      verifiedTokens.add(cacheKey);
    }
    const claims = decodeJson(encodedClaims) as { aud?: unknown; exp?: unknown; sub?: unknown } | undefined;
    if (!claims) throw new Refusal(403, 'VAPID JWT claims are not JSON');
    if (claims.aud !== origin) throw new Refusal(403, `VAPID JWT aud "${String(claims.aud)}" is not the push service origin ${origin}`);
    const nowS = Math.floor(at / 1000);
    if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) throw new Refusal(403, 'VAPID JWT exp is missing');
    if (claims.exp <= nowS) throw new Refusal(403, 'VAPID JWT has expired');
    if (claims.exp > nowS + MAX_VAPID_LIFETIME_S + 1) throw new Refusal(403, 'VAPID JWT exp is more than 24 hours ahead');
    if (typeof claims.sub !== 'string' || !isContactUrl(claims.sub)) throw new Refusal(403, 'VAPID JWT sub must be a mailto: or https: URL');
    return { subject: claims.sub, publicKey };
  }

  function vapidKey(publicKey: string): KeyObject {
    let key = vapidKeys.get(publicKey);
    if (key) return key;
    const point = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : Buffer.alloc(0);
    if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(403, 'VAPID key k is not an uncompressed P-256 point');
    try {
      key = createPublicKey({
        key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
        format: 'jwk',
      });
    } catch {
      throw new Refusal(403, 'VAPID key k is not a P-256 point');
    }
    vapidKeys.set(publicKey, key);
    return key;
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

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_PUSH_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => {
      if (tooLarge) reject(new Refusal(413, `push message body is over ${MAX_PUSH_BODY_BYTES} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, text?: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, text === undefined ? headers : { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function decodeJson(segment: string): unknown {
  if (!BASE64URL.test(segment)) return undefined;
  return parseJson(Buffer.from(segment, 'base64url').toString('utf8'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isContactUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'mailto:' && url.pathname.includes('@')) || (url.protocol === 'https:' && url.hostname !== '');
  } catch {
    return false;
  }
}
