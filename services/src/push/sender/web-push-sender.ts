import https from 'node:https';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { PushPayload } from '@xsd/contracts/api/push';
import { retryAfterMs as parseRetryAfter } from '@xsd/contracts/rules/backoff';
import webpush from 'web-push';
import { PUSH_HTTPS_AGENT } from '../../core/injection-tokens.js';
import { Metrics } from '../../metrics/metrics.js';
import { OUTBOUND_POLICY } from '../../outbound/outbound.module.js';
import { pinnedLookup } from '../../outbound/pinned-post.js';
import { HostUnresolvedError, type OutboundPolicy, OutboundRefusedError, parseOutboundUrl, type ResolvedAddress, resolveTarget } from '../../outbound/safe-url.js';
import { encodePushPayload, pushTopic } from './push-payload.js';
import { VAPID_DETAILS, type VapidDetails } from '../vapid/vapid-keys.js';

/** Where one push goes: a stored subscription. */
export interface PushTarget {
  readonly subscriptionId: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

export interface PushOptions {
  /** How long the push service keeps the message for an offline device. */
  readonly ttlSeconds: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Any key (e.g. the alert id), hashed into the `Topic` header: an offline device keeps only the newest per topic. */
  readonly topic?: string;
}

/**
 * `sent`: the push service accepted it (2xx). `pruned`: 404 / 410, the subscription is gone and the
 * caller records `push.subscription-removed` with reason 'expired'; so is an endpoint refused by the
 * outbound policy (not https on a public address: never contacted, status null). `failed`: any
 * other answer, or 429 / 5xx / no answer / a name that does not resolve after every attempt.
 */
export interface DeliveryResult {
  readonly outcome: 'sent' | 'failed' | 'pruned';
  /** The push service's last HTTP status; null when it never answered (or the keys could not encrypt). */
  readonly status: number | null;
  /** Requests made: 0 when the keys could not encrypt the payload. */
  readonly attempts: number;
}

export interface SendManyOptions {
  /** Pushes in flight at once. Default 200. */
  readonly concurrency?: number;
}

/** Attempts per push: the first and at most two retries of a 429, a 5xx or a network error. */
export const PUSH_MAX_ATTEMPTS = 3;
/** The longest wait before a retry, whatever `Retry-After` asks. */
export const PUSH_MAX_RETRY_WAIT_MS = 60_000;
/** The wait before retry n (1, 2) when the push service says nothing: 1 s, then 2 s. */
const BACKOFF_BASE_MS = 1_000;
/** A push service that does not answer within this is retried as a network error. */
const REQUEST_TIMEOUT_MS = 15_000;
export const DEFAULT_PUSH_CONCURRENCY = 200;
/** A VAPID JWT is signed per push service origin and reused for an hour (it is valid for 12). */
const VAPID_JWT_REUSE_MS = 60 * 60_000;
const VAPID_JWT_LIFETIME_S = 12 * 60 * 60;
/** A push service's checked address is reused this long: a fan-out resolves each host once, not per push. */
const ADDRESS_REUSE_MS = 60_000;
/** Hosts whose checked address is kept at most; past it the expired ones are dropped. */
const ADDRESS_CACHE_MAX = 1_000;

interface Answer {
  readonly status: number;
  readonly retryAfter: string | undefined;
}

/** The endpoint's address is forbidden by the outbound policy: nothing was sent. */
const REFUSED = 'refused';

/**
 * How long `Retry-After` (delta seconds or an HTTP date) asks to wait, within
 * [0, PUSH_MAX_RETRY_WAIT_MS]; null when absent or unreadable.
 */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  const ms = parseRetryAfter(header, now.getTime());
  return ms === null ? null : Math.min(PUSH_MAX_RETRY_WAIT_MS, ms);
}

function retryable(status: number | null): boolean {
  return status === null || status === 429 || status >= 500;
}

function outcomeOf(status: number): DeliveryResult['outcome'] {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'pruned';
  return 'failed';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A keep-alive agent for the default: thousands of pushes to one push service reuse their connections. */
export function defaultPushAgent(): https.Agent {
  return new https.Agent({ keepAlive: true, maxFreeSockets: 256 });
}

/**
 * Sends web push with the `web-push` library (RFC 8291 aes128gcm encryption, an RFC 8292 VAPID
 * JWT): TTL, Urgency and a hashed Topic, the payload kept within MAX_PUSH_PAYLOAD_BYTES, retries
 * of 429 / 5xx / network errors honouring `Retry-After`, and 404 / 410 reported as 'pruned'.
 * Endpoints come from anonymous browsers: each is resolved and checked with the outbound policy
 * (OUTBOUND_POLICY) and the connection pinned to the checked address; redirects are not followed.
 * Never throws for one push: every target gets a DeliveryResult. Logs neither keys nor endpoints.
 */
@Injectable()
export class WebPushSender implements OnApplicationShutdown {
  private readonly logger = new Logger('WebPush');
  private readonly agent: https.Agent;
  private readonly ownsAgent: boolean;
  /** Authorization header per push service origin, with when it was signed. */
  private readonly vapidHeaders = new Map<string, { readonly value: string; readonly signedAt: number }>();
  /** The checked address per endpoint host, with when it was resolved. */
  private readonly addresses = new Map<string, { readonly address: Promise<ResolvedAddress>; readonly at: number }>();

  constructor(
    @Inject(VAPID_DETAILS) private readonly vapid: VapidDetails,
    private readonly metrics: Metrics,
    @Inject(OUTBOUND_POLICY) private readonly outbound: OutboundPolicy,
    @Optional() @Inject(PUSH_HTTPS_AGENT) agent?: https.Agent | null,
  ) {
    this.ownsAgent = !agent;
    this.agent = agent ?? defaultPushAgent();
  }

  onApplicationShutdown(): void {
    if (this.ownsAgent) this.agent.destroy();
  }

  /** One push, retries and all; counted by outcome (the notifier's and the broadcasts' alike). */
  async send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<DeliveryResult> {
    const result = await this.deliver(target, payload, options);
    this.metrics.notifierPushes.inc({ outcome: result.outcome });
    return result;
  }

  private async deliver(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<DeliveryResult> {
    let body: Buffer;
    let headers: Record<string, string | number>;
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        encodePushPayload(payload),
        {
          TTL: Math.max(0, Math.floor(options.ttlSeconds)),
          urgency: options.urgency,
          ...(options.topic === undefined ? {} : { topic: pushTopic(options.topic) }),
          contentEncoding: 'aes128gcm',
          // Signed here once per origin and hour instead of once per push.
          vapidDetails: null as never,
          headers: { Authorization: this.authorization(target.endpoint) },
        },
      );
      body = details.body;
      headers = details.headers;
    } catch (error) {
      // Keys that cannot encrypt (a stored subscription that was never valid): nothing sent, nothing to retry.
      this.logger.warn(`push to subscription ${target.subscriptionId} could not be encrypted: ${(error as Error).message}`);
      return { outcome: 'failed', status: null, attempts: 0 };
    }
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const answer = await this.post(target, headers, body);
      // Refused before this attempt's request: only the earlier attempts were made.
      if (answer === REFUSED) return { outcome: 'pruned', status: null, attempts: attempts - 1 };
      const status = answer?.status ?? null;
      if (!retryable(status)) return { outcome: outcomeOf(status!), status, attempts };
      if (attempts >= PUSH_MAX_ATTEMPTS) return { outcome: 'failed', status, attempts };
      // Retry-After is about the real world's time, never a test's fixed clock.
      await sleep(retryAfterMs(answer?.retryAfter, new Date()) ?? BACKOFF_BASE_MS * 2 ** (attempts - 1));
    }
  }

  /** The same payload to many targets, `concurrency` at a time; results in the targets' order. */
  async sendMany(
    targets: readonly PushTarget[],
    payload: PushPayload,
    options: PushOptions,
    { concurrency = DEFAULT_PUSH_CONCURRENCY }: SendManyOptions = {},
  ): Promise<DeliveryResult[]> {
    const results = new Array<DeliveryResult>(targets.length);
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const index = next++;
        results[index] = await this.send(targets[index]!, payload, options);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, targets.length)) }, worker));
    return results;
  }

  private authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = this.vapidHeaders.get(audience);
    if (cached && now - cached.signedAt < VAPID_JWT_REUSE_MS) return cached.value;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_JWT_LIFETIME_S,
    );
    this.vapidHeaders.set(audience, { value: Authorization, signedAt: now });
    return Authorization;
  }

  /**
   * The endpoint's address, resolved and checked with the outbound policy, reused for
   * ADDRESS_REUSE_MS (a reused address was checked: DNS answering otherwise later cannot turn it inward).
   */
  private checkedAddress(endpoint: string): Promise<ResolvedAddress> {
    let url: URL;
    try {
      url = parseOutboundUrl(endpoint);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const now = Date.now();
    const cached = this.addresses.get(url.host);
    if (cached && now - cached.at < ADDRESS_REUSE_MS) return cached.address;
    if (this.addresses.size >= ADDRESS_CACHE_MAX) {
      for (const [host, entry] of this.addresses) if (now - entry.at >= ADDRESS_REUSE_MS) this.addresses.delete(host);
    }
    const address = resolveTarget(url, this.outbound);
    const entry = { address, at: now };
    this.addresses.set(url.host, entry);
    // A refusal or a failed lookup is not kept: the next push asks again.
    address.catch(() => this.addresses.get(url.host) === entry && this.addresses.delete(url.host));
    return address;
  }

  /**
   * One POST to the endpoint's checked address; null when the push service could not be reached,
   * its name not resolved, or it did not answer in time; REFUSED when the policy forbids its address.
   * A keep-alive socket the agent reuses for the same host was itself opened to a checked address.
   */
  private async post(target: PushTarget, headers: Record<string, string | number>, body: Buffer): Promise<Answer | null | typeof REFUSED> {
    let address: ResolvedAddress;
    try {
      address = await this.checkedAddress(target.endpoint);
    } catch (error) {
      if (error instanceof HostUnresolvedError) return null;
      if (!(error instanceof OutboundRefusedError)) throw error;
      // Never the endpoint (nor its host): it is the subscription's secret.
      this.logger.warn(`push to subscription ${target.subscriptionId} refused: its endpoint is not https on a public address; pruned`);
      return REFUSED;
    }
    return new Promise((resolve) => {
      const options: https.RequestOptions = { method: 'POST', headers, agent: this.agent, lookup: pinnedLookup(address), timeout: REQUEST_TIMEOUT_MS };
      const request = https.request(target.endpoint, options, (response) => {
        // Drained so the keep-alive socket is reused; the body says nothing we act on.
        response.resume();
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
        });
        response.on('error', () => resolve(null));
      });
      request.on('timeout', () => request.destroy(new Error('push service did not answer in time')));
      request.on('error', () => resolve(null));
      request.end(body);
    });
  }
}
