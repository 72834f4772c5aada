/**
 * The notifier end to end with no browser: a loopback push service (HTTPS, VAPID checked, payload
 * decrypted with the subscription's keys) stands in for the browsers' push services.
 * 1. The built stack (distributed: PostgreSQL and JetStream of this machine, the devnet): a rule is
 *    registered through POST /api/push/subscriptions, a devnet price is moved across it, and the
 *    receiver gets exactly one push with the expected text; a 410 removes a subscription; a 429
 *    with Retry-After is retried once after the wait.
 * 2. The built notifier as a process of its own, killed with SIGKILL while pushes are in flight
 *    and started again: no subscriber gets a push twice.
 */
import type { ChildProcess } from 'node:child_process';
import { createEvent, type EventType } from '@xsd/contracts';
import { type PushPayload, type PushSubscriptionJson, pushSubscriptionId, type SavePushSubscriptionRequest } from '@xsd/contracts/api/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { EventLog } from '../event-log/event-log.js';
import { JetStreamEventLog } from '../event-log/jetstream/jetstream-event-log.js';
import { readXsdPrice, setXsdPrice } from '../testing/devnet-prices.js';
import { ALL_PREFERENCES_ON, notifierState, pushProcessEnv, spawnNotifier, subscriptionSavedEvent } from '../testing/push-fixtures.js';
import { type PushReceiver, startPushReceiver } from '../testing/push-receiver.js';
import { type RunningStack, startStack } from '../testing/stack.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
import { waitFor } from '../testing/wait-for.js';

const VAPID_SUBJECT = 'mailto:ops@silverboard.test';
/** The ingestor reads the chains every 30 s: a price moved on a chain shows in the log within that. */
const TICK_WAIT_MS = 75_000;

/** Until the notifier has judged the log up to `sequence` and recorded the outcome of every trigger. */
async function notifierSettled(database: TestDatabase, sequence: number, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    async () => {
      const state = await notifierState(database.handle.db);
      return state.checkpoint !== null && state.checkpoint >= sequence && state.unappended === 0 && state.pending === 0;
    },
    { timeoutMs, intervalMs: 100, message: `the notifier to judge the log up to ${sequence} and record every delivery` },
  );
}

async function eventsOf<T extends EventType>(log: EventLog, type: T) {
  return (await log.read(1, 1_000_000)).filter((stored) => stored.event.type === type);
}

describe('the notifier in the built stack, a rule registered through the API and a devnet price moved across it', () => {
  const vapid = webpush.generateVAPIDKeys();
  let receiver: PushReceiver;
  let database: TestDatabase;
  const stream = uniqueStream('NOTIFY');
  let stack: RunningStack;
  let log: EventLog;

  beforeAll(async () => {
    receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
    database = await createTestDatabase();
    stack = await startStack({
      env: {
        ...pushProcessEnv({ database, stream, natsUrl: TEST_NATS_URL, receiver, vapid, vapidSubject: VAPID_SUBJECT }),
        // Prices move only when this test moves them.
        XSD_DEVNET_TICK_MS: String(3_600_000),
      },
    });
    log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
  });

  afterAll(async () => {
    await log?.close();
    await stack?.stop();
    await receiver?.close();
    await deleteStream(stream.stream);
    await database?.drop();
  });

  const register = async (subscription: PushSubscriptionJson, threshold: number) => {
    const body: SavePushSubscriptionRequest = {
      subscription,
      preferences: ALL_PREFERENCES_ON,
      alerts: { token: [{ id: 'xsd-eth-up', token: 'XSD', chain: 'Ethereum', condition: 'above', price: threshold, enabled: true, lastTriggered: null }] },
    };
    const response = await fetch(`${stack.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ saved: true, rules: 1 });
  };

  it(
    'sends exactly one push with the text, removes the subscription a 410 answers for, retries a 429 once after Retry-After, and sends nothing more while the price stays beyond',
    async () => {
      const start = await readXsdPrice(stack.devnetBasePort, 'Ethereum');
      const threshold = Number((start * 1.04).toFixed(6));
      const crossed = Number((start * 1.08).toFixed(6));
      const further = Number((start * 1.1).toFixed(6));
      const [visitor, busy, gone] = receiver.createSubscribers(3, { applicationServerKey: vapid.publicKey });
      for (const subscription of [visitor, busy, gone]) await register(subscription, threshold);
      receiver.respond(busy, [{ status: 429, retryAfter: 2 }]);
      receiver.unsubscribe(gone);

      await setXsdPrice(stack.devnetBasePort, 'Ethereum', crossed);
      const [push] = await receiver.waitForPushes(1, { endpoint: visitor, timeoutMs: TICK_WAIT_MS });
      expect(push.json as PushPayload).toEqual({
        title: 'XSD price alert',
        body: `XSD on Ethereum is $${crossed.toFixed(6)}, above your $${threshold.toFixed(6)} alert.`,
        icon: '/pwa-192x192.png',
        badge: '/badge-96x96.png',
        tag: 'alert-xsd-eth-up',
        data: { url: '/price-alerts', kind: 'price', alertId: 'xsd-eth-up' },
      });
      expect(push.vapidSubject).toBe(VAPID_SUBJECT);
      expect(push.urgency).toBe('normal');
      expect(push.ttl).toBeGreaterThan(3_000);
      expect(push.ttl).toBeLessThanOrEqual(3_600);

      // 429 with Retry-After: 2, then accepted: two requests, the second at least 2 s after the first.
      await receiver.waitForPushes(1, { endpoint: busy, timeoutMs: 30_000 });
      const tries = receiver.attempts(busy);
      expect(tries.map((attempt) => attempt.status)).toEqual([429, 201]);
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(2_000 - 50);

      // 410: removed (the API's read model and the notifier's own) with reason 'expired'.
      await waitFor(
        async () => (await database.handle.db.selectFrom('notification_subscriptions').select('id').where('endpoint', '=', gone.endpoint).executeTakeFirst()) === undefined,
        { timeoutMs: 30_000, intervalMs: 200, message: 'the expired subscription to be removed' },
      );
      const removed = (await eventsOf(log, 'push.subscription-removed')).map(({ event }) => event.data);
      expect(removed).toEqual([{ subscriptionId: pushSubscriptionId(gone.endpoint), endpoint: gone.endpoint, reason: 'expired' }]);
      // Compared as sets: the database's collation and localeCompare order random endpoints differently.
      const left = await database.handle.db.selectFrom('notification_subscriptions').select('endpoint').execute();
      expect(new Set(left.map(({ endpoint }) => endpoint))).toEqual(new Set([visitor.endpoint, busy.endpoint]));
      expect(left).toHaveLength(2);

      // A later tick still beyond the threshold, appended as the ingestor's next read would be (its
      // own next tick comes up to 30 s later): judged, and nothing more is sent.
      const now = new Date();
      const beyond = createEvent('price.ticked', { token: 'XSD', chain: 'Ethereum', price: further, observedAt: now.toISOString() }, { actor: { kind: 'system', id: 'test' }, now });
      await notifierSettled(database, (await log.append(beyond)).sequence);
      await notifierSettled(database, await log.lastSequence());
      expect([receiver.count(visitor), receiver.count(busy), receiver.count(gone)]).toEqual([1, 1, 0]);
      expect(receiver.attempts(gone).map((attempt) => attempt.status)).toEqual([410]);
      expect(receiver.rejected()).toEqual([]);

      const deliveries = (await eventsOf(log, 'push.deliveries-recorded')).flatMap(({ event }) => (event.type === 'push.deliveries-recorded' ? event.data.deliveries : []));
      expect(
        deliveries
          .map(({ subscriptionId, outcome, status, attempts }) => ({ subscriptionId, outcome, status, attempts }))
          .sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId)),
      ).toEqual(
        [
          { subscriptionId: pushSubscriptionId(visitor.endpoint), outcome: 'sent', status: 201, attempts: 1 },
          { subscriptionId: pushSubscriptionId(busy.endpoint), outcome: 'sent', status: 201, attempts: 2 },
          { subscriptionId: pushSubscriptionId(gone.endpoint), outcome: 'pruned', status: 410, attempts: 1 },
        ].sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId)),
      );
    },
    240_000,
  );
});

describe('the notifier as its own process, killed mid-send and started again', () => {
  const vapid = webpush.generateVAPIDKeys();
  const SUBSCRIBERS = 60;
  /** Accepted at once before the kill (and recorded): the rest are held open by the receiver. */
  const ACCEPTED_FIRST = 20;
  let receiver: PushReceiver;
  let database: TestDatabase;
  const stream = uniqueStream('NOTIFY');
  let log: EventLog;
  const running = new Set<ChildProcess>();
  let output = '';

  const startNotifier = () => {
    const child = spawnNotifier(pushProcessEnv({ database, stream, natsUrl: TEST_NATS_URL, receiver, vapid, vapidSubject: VAPID_SUBJECT }), (text) => (output += text));
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

  beforeAll(async () => {
    receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
    database = await createTestDatabase();
    log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
  });

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await Promise.all([...running].map(exited));
    await log?.close();
    await receiver?.close();
    await deleteStream(stream.stream);
    await database?.drop();
  });

  it(
    'sends every trigger once: what was accepted and recorded is not sent again, what was in flight is sent after the restart',
    async () => {
      const subscribers = receiver.createSubscribers(SUBSCRIBERS, { applicationServerKey: vapid.publicKey });
      // Registered through the log (the fast path of the API's own event), one price rule each.
      const now = new Date();
      await log.appendMany(
        subscribers.map((subscription) =>
          subscriptionSavedEvent(subscription, {
            alerts: { token: [{ id: 'base-up', token: 'XSD', chain: 'Base', condition: 'above', price: 1, enabled: true, lastTriggered: null }] },
            now,
          }),
        ),
      );
      // The first arrivals are accepted; the others are held open and then dropped unanswered (a
      // push service that never took them), so the SIGKILL lands while they are in flight.
      receiver.respond('*', [
        ...Array.from({ length: ACCEPTED_FIRST }, () => ({})),
        ...Array.from({ length: SUBSCRIBERS - ACCEPTED_FIRST }, () => ({ delayMs: 10_000, drop: true })),
      ]);

      const first = startNotifier();
      await waitFor(async () => (await notifierState(database.handle.db)).checkpoint !== null, { timeoutMs: 60_000, intervalMs: 100, message: `the notifier to lead\n${output}` });
      await log.append(createEvent('price.ticked', { token: 'XSD', chain: 'Base', price: 1.2, observedAt: now.toISOString() }, { actor: { kind: 'system', id: 'test' }, now }));

      // Mid-send: the accepted pushes are recorded, the held ones are not answered yet.
      await waitFor(async () => (await notifierState(database.handle.db)).delivered === ACCEPTED_FIRST, {
        timeoutMs: 30_000,
        intervalMs: 20,
        message: `${ACCEPTED_FIRST} deliveries recorded\n${output}`,
      });
      expect(receiver.count()).toBe(ACCEPTED_FIRST);
      first.kill('SIGKILL');
      await exited(first);
      expect(await notifierState(database.handle.db)).toMatchObject({ unappended: 0, pending: SUBSCRIBERS - ACCEPTED_FIRST, delivered: ACCEPTED_FIRST });

      // What the killed process got accepted; then the held answers still queued are forgotten, so
      // the new process meets a push service that accepts everything.
      const acceptedBefore = new Map(subscribers.map((subscription) => [subscription.endpoint, receiver.count(subscription)]));
      expect(receiver.rejected()).toEqual([]);
      receiver.reset();
      const restartedAt = Date.now();
      startNotifier();
      await receiver.waitForPushes(SUBSCRIBERS - ACCEPTED_FIRST, { timeoutMs: 60_000 });
      await notifierSettled(database, await log.lastSequence());

      // Every subscriber got its push exactly once, across the kill.
      expect(subscribers.map((subscription) => acceptedBefore.get(subscription.endpoint)! + receiver.count(subscription))).toEqual(subscribers.map(() => 1));
      expect(receiver.rejected()).toEqual([]);
      // Pushes really were in flight at the kill: requests of the killed process (they arrived before
      // the new one started) that the push service held and never accepted.
      await waitFor(() => receiver.attempts().some((attempt) => attempt.outcome === 'dropped' && attempt.at < restartedAt), {
        timeoutMs: 30_000,
        message: 'the held requests of the killed notifier to end',
      });
      const deliveries = (await eventsOf(log, 'push.deliveries-recorded')).flatMap(({ event }) => (event.type === 'push.deliveries-recorded' ? event.data.deliveries : []));
      expect(deliveries).toHaveLength(SUBSCRIBERS);
      expect(new Set(deliveries.map((delivery) => delivery.subscriptionId)).size).toBe(SUBSCRIBERS);
      for (const delivery of deliveries) expect(delivery).toMatchObject({ outcome: 'sent', status: 201, attempts: 1 });
    },
    180_000,
  );
});
