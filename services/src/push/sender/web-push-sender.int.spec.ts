import type { Agent } from 'node:https';
import { MAX_PUSH_PAYLOAD_BYTES, type PushPayload, PushPayloadSchema, type PushSubscriptionJson } from '@xsd/contracts/api/push';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Metrics } from '../../metrics/metrics.js';
import { testResolver } from '../../outbound/forbidden-targets.js';
import type { OutboundPolicy, Resolver } from '../../outbound/safe-url.js';
import { type PushReceiver, startPushReceiver } from '../../testing/push-receiver.js';
import { pushTopic } from './push-payload.js';
import type { VapidDetails } from '../vapid/vapid-keys.js';
import { type PushOptions, type PushTarget, WebPushSender } from './web-push-sender.js';

const OPTIONS: PushOptions = { ttlSeconds: 3_600, urgency: 'high', topic: 'alert-1' };
const PAYLOAD: PushPayload = { title: 'XSD above $1.05', body: 'XSD on Ethereum is $1.0612', tag: 'alert-1', data: { url: '/price-alerts' } };

const target = (subscription: PushSubscriptionJson, id = 'sub'): PushTarget => ({
  subscriptionId: id,
  endpoint: subscription.endpoint,
  p256dh: subscription.keys.p256dh,
  auth: subscription.keys.auth,
});

/** The loopback receiver is reached as 127.0.0.1, as XSD_WEBHOOK_ALLOW_HOSTS=127.0.0.1 allows; names resolve through the tests' table. */
const RECEIVER_POLICY: OutboundPolicy = { allowHosts: ['127.0.0.1'], resolve: testResolver };

describe('WebPushSender against the loopback push receiver', () => {
  let receiver: PushReceiver;
  let agent: Agent;
  let vapid: VapidDetails;
  let sender: WebPushSender;

  beforeAll(async () => {
    receiver = await startPushReceiver();
    agent = receiver.createAgent();
    vapid = { subject: 'mailto:ops@silverboard.test', ...webpush.generateVAPIDKeys() };
    sender = new WebPushSender(vapid, new Metrics({ processMetrics: false }), RECEIVER_POLICY, agent);
  });

  afterAll(async () => {
    sender?.onApplicationShutdown();
    agent?.destroy();
    await receiver?.close();
  });

  beforeEach(() => receiver.reset());

  it('delivers the payload encrypted (aes128gcm), signed with the VAPID key, with TTL, Urgency and a hashed Topic', async () => {
    const subscription = receiver.createSubscriber({ applicationServerKey: vapid.publicKey });
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'sent', status: 201, attempts: 1 });
    const [push] = receiver.pushesFor(subscription);
    expect(push).toMatchObject({
      json: PAYLOAD,
      ttl: 3_600,
      urgency: 'high',
      topic: pushTopic('alert-1'),
      vapidSubject: 'mailto:ops@silverboard.test',
      vapidPublicKey: vapid.publicKey,
    });
    expect(receiver.rejected()).toEqual([]);
  });

  it('cuts a payload too large for a push message and still delivers it, valid for the service worker', async () => {
    const subscription = receiver.createSubscriber();
    const long: PushPayload = { title: 'News', body: 'ü'.repeat(1_000), data: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(200)])) };
    expect((await sender.send(target(subscription), long, OPTIONS)).outcome).toBe('sent');
    const [push] = receiver.pushesFor(subscription);
    expect(Buffer.byteLength(push!.payload!, 'utf8')).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect(PushPayloadSchema.safeParse(push!.json).success).toBe(true);
  });

  it.each([404, 410])('reports a %i as pruned without retrying', async (status) => {
    const subscription = receiver.createSubscriber();
    receiver.respond(subscription, [{ status }]);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'pruned', status, attempts: 1 });
    expect(receiver.attempts(subscription)).toHaveLength(1);
  });

  it('reports an unsubscribed endpoint (410 from then on) as pruned', async () => {
    const subscription = receiver.createSubscriber();
    receiver.unsubscribe(subscription);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'pruned', status: 410, attempts: 1 });
  });

  it('retries a 429 once after its Retry-After (seconds), then delivers', async () => {
    const subscription = receiver.createSubscriber();
    receiver.respond(subscription, [{ status: 429, retryAfter: 1 }]);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'sent', status: 201, attempts: 2 });
    const attempts = receiver.attempts(subscription);
    expect(attempts.map((attempt) => attempt.status)).toEqual([429, 201]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(receiver.pushesFor(subscription)).toHaveLength(1);
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    const subscription = receiver.createSubscriber();
    // HTTP dates have whole seconds: two seconds ahead is at least one second of wait.
    receiver.respond(subscription, [{ status: 503, retryAfter: new Date(Date.now() + 2_000).toUTCString() }]);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'sent', status: 201, attempts: 2 });
    const attempts = receiver.attempts(subscription);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it('gives up after three attempts of 5xx and reports failed with the last status', async () => {
    const subscription = receiver.createSubscriber();
    receiver.respond(subscription, [{ status: 500, retryAfter: 0 }, { status: 502, retryAfter: 0 }, { status: 503, retryAfter: 0 }]);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: 503, attempts: 3 });
    expect(receiver.pushesFor(subscription)).toEqual([]);
  });

  it('retries a dropped connection as a network error', async () => {
    const subscription = receiver.createSubscriber();
    receiver.respond(subscription, [{ drop: true }]);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'sent', status: 201, attempts: 2 });
  });

  it('reports other 4xx answers as failed without retrying', async () => {
    const subscription = receiver.createSubscriber();
    receiver.respond(subscription, [{ status: 400 }]);
    expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: 400, attempts: 1 });
    expect(receiver.attempts(subscription)).toHaveLength(1);
  });

  it('reports keys that cannot encrypt as failed with no request made, and never throws', async () => {
    const subscription = receiver.createSubscriber();
    const bad = { ...target(subscription), p256dh: Buffer.alloc(65, 7).toString('base64url') };
    expect(await sender.send(bad, PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: null, attempts: 0 });
    expect(receiver.attempts(subscription)).toEqual([]);
  });

  describe('endpoints come from anonymous browsers: each is checked and pinned at delivery', () => {
    /** A sender with its own agent: no socket pooled by another test's sender is reused. */
    const senderWith = (policy: OutboundPolicy) => {
      const own = receiver.createAgent();
      agents.push(own);
      return new WebPushSender(vapid, new Metrics({ processMetrics: false }), policy, own);
    };
    const agents: Agent[] = [];
    afterAll(() => {
      for (const own of agents) own.destroy();
    });
    /** The receiver's endpoint under another host name (its certificate is also for localhost). */
    const named = (subscription: PushSubscriptionJson, host: string) => ({
      ...target(subscription),
      endpoint: subscription.endpoint.replace(receiver.origin, `https://${host}:${receiver.port}`),
    });

    it('never contacts an endpoint on an inward address (a name resolving to loopback or a private address, an inward literal): pruned, no request', async () => {
      const subscription = receiver.createSubscriber({ applicationServerKey: vapid.publicKey });
      const inward = [
        named(subscription, 'localhost'),
        named(subscription, 'inward.test'),
        named(subscription, 'mixed.test'),
        named(subscription, '[::ffff:7f00:1]'),
        { ...target(subscription), endpoint: 'https://169.254.169.254/latest/meta-data/' },
        { ...target(subscription), endpoint: 'http://127.0.0.1/push/x' },
      ];
      for (const endpoint of inward) expect(await sender.send(endpoint, PAYLOAD, OPTIONS), endpoint.endpoint).toEqual({ outcome: 'pruned', status: null, attempts: 0 });
      expect(receiver.attempts()).toEqual([]);
    });

    it('connects to the address the policy checked, not to one a later lookup gives', async () => {
      const subscription = receiver.createSubscriber({ applicationServerKey: vapid.publicKey });
      // Allowed and resolved to the receiver's address: contacted (its VAPID audience is 127.0.0.1's, hence the 403).
      const reached = senderWith({ allowHosts: ['localhost'], resolve: testResolver });
      expect(await reached.send(named(subscription, 'localhost'), PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: 403, attempts: 1 });
      expect(receiver.attempts()).toHaveLength(1);
      receiver.reset();
      // Resolved to 127.0.0.2, where nothing listens: the system's own lookup of localhost is never used.
      const elsewhere: Resolver = async () => [{ address: '127.0.0.2', family: 4 }];
      const pinned = senderWith({ allowHosts: ['localhost'], resolve: elsewhere });
      expect(await pinned.send(named(subscription, 'localhost'), PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: null, attempts: 3 });
      expect(receiver.attempts()).toEqual([]);
    });

    it('retries a name that does not resolve like a network error, and keeps the subscription', async () => {
      const subscription = receiver.createSubscriber();
      expect(await sender.send(named(subscription, 'nowhere.test'), PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: null, attempts: 3 });
    });

    it('does not follow a redirect', async () => {
      const subscription = receiver.createSubscriber();
      receiver.respond(subscription, [{ status: 307 }]);
      expect(await sender.send(target(subscription), PAYLOAD, OPTIONS)).toEqual({ outcome: 'failed', status: 307, attempts: 1 });
      expect(receiver.attempts(subscription)).toHaveLength(1);
    });
  });

  it('fans out to many subscriptions at once, results in order, each decrypted once', async () => {
    const subscriptions = receiver.createSubscribers(600);
    receiver.respond(subscriptions[7]!, [{ status: 410 }]);
    const started = Date.now();
    const results = await sender.sendMany(
      subscriptions.map((subscription, index) => target(subscription, `sub-${index}`)),
      PAYLOAD,
      { ttlSeconds: 60, urgency: 'normal' },
      { concurrency: 100 },
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(results).toHaveLength(600);
    expect(results[7]).toEqual({ outcome: 'pruned', status: 410, attempts: 1 });
    expect(results.filter((result) => result.outcome === 'sent')).toHaveLength(599);
    expect(receiver.count()).toBe(599);
    for (const subscription of subscriptions.filter((_, index) => index !== 7)) expect(receiver.count(subscription)).toBe(1);
    expect(receiver.rejected()).toEqual([]);
  });
});
