import type { Agent } from 'node:https';
import { type AnyEvent, createEvent, type EventType } from '@xsd/contracts';
import type { AlertLists, NotificationPreferences } from '@xsd/contracts/api/alerts';
import { type PushPayload, type PushSubscriptionJson, pushSubscriptionId } from '@xsd/contracts/api/push';
import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { Metrics } from '../metrics/metrics.js';
import { ProjectorLeadership } from '../projector/projector-leadership.js';
import { PushDeliveryRecords } from '../push/sender/push-delivery-records.js';
import { WebPushSender } from '../push/sender/web-push-sender.js';
import { testResolver } from '../outbound/forbidden-targets.js';

/** The loopback push receiver is reached as 127.0.0.1, as XSD_WEBHOOK_ALLOW_HOSTS=127.0.0.1 allows. */
const LOOPBACK_RECEIVER_POLICY = { allowHosts: ['127.0.0.1'], resolve: testResolver };
import { NotifierStateRepository } from '../read-models/push/notifier-state.repository.js';
import { calendarEventsProjection } from '../read-models/calendar-events/calendar-events.projection.js';
import { metricValue } from '../testing/metric-values.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { ALL_PREFERENCES_ON, subscriptionSavedEvent } from '../testing/push-fixtures.js';
import { type PushReceiver, startPushReceiver } from '../testing/push-receiver.js';
import { waitFor } from '../testing/wait-for.js';
import { Notifier, NOTIFIER_ROLE } from './notifier.js';
import { triggerId } from './trigger-ids.js';

const T0 = Date.parse('2026-11-21T09:00:00.000Z');
const MINUTE = 60_000;
const SYSTEM = { kind: 'system', id: 'test-ticks' } as const;
const VAPID = { subject: 'mailto:ops@silverboard.test', ...webpush.generateVAPIDKeys() };

type TokenAlert = AlertLists['token'][number];
const tokenAlert = (id: string, token: TokenName, chain: ChainName, condition: 'above' | 'below', price: number, extra: Partial<TokenAlert> = {}): TokenAlert => ({
  id,
  token,
  chain,
  condition,
  price,
  enabled: true,
  lastTriggered: null,
  ...extra,
});

describe.each<PipelineKind>(['embedded', 'jetstream'])('the notifier on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let receiver: PushReceiver;
  let agent: Agent;
  let now: number;
  const clock = () => new Date(now);
  const notifiers: Notifier[] = [];
  /** Each notifier's own metrics, as each process has its own. */
  const metricsOf = new Map<Notifier, Metrics>();
  /** A metric of the notifier, read as a scrape would (the outbox size is read at scrape time). */
  const metric = async (notifier: Notifier, name: string, labels: Record<string, string> = {}) => {
    const metrics = metricsOf.get(notifier)!;
    await metrics.scrape();
    return metricValue(metrics, name, labels);
  };

  const newNotifier = () => {
    const metrics = new Metrics({ processMetrics: false });
    const notifier = new Notifier(
      pipeline.db,
      pipeline.log,
      new NotifierStateRepository({ db: pipeline.db }),
      new WebPushSender(VAPID, metrics, LOOPBACK_RECEIVER_POLICY, agent),
      new PushDeliveryRecords(pipeline.log, clock),
      clock,
      metrics,
      { leadership: new ProjectorLeadership(pipeline.db, kind === 'embedded' ? 'pglite' : 'postgres', NOTIFIER_ROLE) },
    );
    notifiers.push(notifier);
    metricsOf.set(notifier, metrics);
    return notifier;
  };
  const started = async () => {
    const notifier = newNotifier();
    await notifier.start();
    return notifier;
  };

  const append = (event: AnyEvent) => pipeline.log.append(event);
  const save = (subscription: PushSubscriptionJson, alerts: Partial<AlertLists>, preferences?: NotificationPreferences, at = now) =>
    append(subscriptionSavedEvent(subscription, { alerts, preferences, now: new Date(at) }));
  const tick = (token: TokenName, chain: ChainName, price: number, at: number) =>
    append(createEvent('price.ticked', { token, chain, price, observedAt: new Date(at).toISOString() }, { actor: SYSTEM, now: new Date(at) }));
  const silver = (pricePerGram: number, at: number) =>
    append(
      createEvent('silver.ticked', { pricePerGram, pricePerOunce: pricePerGram * 31.1034768, observedAt: new Date(at).toISOString() }, { actor: SYSTEM, now: new Date(at) }),
    );

  /** Until the notifier has judged everything in the log and every trigger has its outcome recorded. */
  const settled = async (notifier: Notifier) => {
    await waitFor(
      async () => {
        if (notifier.checkpoint < (await pipeline.log.lastSequence())) return false;
        const counts = await new NotifierStateRepository({ db: pipeline.db }).triggerCounts();
        return counts.unappended === 0 && counts.pending === 0 && notifier.checkpoint >= (await pipeline.log.lastSequence());
      },
      { timeoutMs: 30_000, intervalMs: 50, message: 'the notifier to judge the log and record every delivery' },
    );
  };
  const eventsOf = async <T extends EventType>(type: T) =>
    (await pipeline.log.read(1, 100_000)).map((stored) => stored.event).filter((event): event is Extract<AnyEvent, { type: T }> => event.type === type);
  const payloadOf = (subscription: PushSubscriptionJson, index = 0) => receiver.pushesFor(subscription)[index]?.json as PushPayload | undefined;

  beforeEach(async () => {
    now = T0;
    pipeline = await openPipeline(kind);
    receiver = await startPushReceiver();
    agent = receiver.createAgent();
  });

  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((notifier) => notifier.stop()));
    agent.destroy();
    await receiver.close();
    await pipeline.cleanup();
  });

  describe('given subscriptions with price and silver alerts', () => {
    let mine: PushSubscriptionJson;
    let pricesOff: PushSubscriptionJson;
    let disabled: PushSubscriptionJson;
    let bankx: PushSubscriptionJson;

    beforeEach(async () => {
      [mine, pricesOff, disabled, bankx] = receiver.createSubscribers(4);
      await save(mine, { token: [tokenAlert('t1', 'XSD', 'Ethereum', 'above', 1.1)], silver: [{ id: 's1', condition: 'below', price: 0.98, enabled: true, lastTriggered: null }] });
      await save(pricesOff, { token: [tokenAlert('t1', 'XSD', 'Ethereum', 'above', 1.1)] }, { ...ALL_PREFERENCES_ON, priceAlerts: false });
      await save(disabled, { token: [tokenAlert('t1', 'XSD', 'Ethereum', 'above', 1.1, { enabled: false })] });
      await save(bankx, { token: [tokenAlert('b1', 'BankX', 'BSC', 'below', 0.4)] });
    });

    it('when a price event crosses a threshold, then each enabled rule that accepts price alerts gets one push in the spec words', async () => {
      const notifier = await started();
      await tick('XSD', 'Ethereum', 1.05, T0 + 30_000);
      await tick('XSD', 'Ethereum', 1.12, T0 + 60_000);
      await tick('BankX', 'BSC', 0.39, T0 + 60_000);
      await silver(0.97, T0 + 60_000);
      await settled(notifier);

      expect(receiver.count(mine)).toBe(2);
      expect(receiver.count(pricesOff)).toBe(0);
      expect(receiver.count(disabled)).toBe(0);
      expect(receiver.count(bankx)).toBe(1);
      const [price, silverPush] = receiver.pushesFor(mine);
      expect(price.json).toEqual({
        title: 'XSD price alert',
        body: 'XSD on Ethereum is $1.120000, above your $1.100000 alert.',
        icon: '/pwa-192x192.png',
        badge: '/badge-96x96.png',
        tag: 'alert-t1',
        data: { url: '/price-alerts', kind: 'price', alertId: 't1' },
      });
      // An hour from the tick, counted from the notifier's clock (still T0).
      expect(price.ttl).toBe(3_660);
      expect(price.urgency).toBe('normal');
      expect(price.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(price.vapidSubject).toBe(VAPID.subject);
      expect((silverPush.json as PushPayload).body).toBe('Silver is $0.9700 per gram, below your $0.9800 alert.');
      expect(payloadOf(bankx)?.body).toBe('BankX on BSC is $0.390000, below your $0.400000 alert.');
      expect(receiver.rejected()).toEqual([]);

      // Every trigger and every outcome is an event.
      const triggers = (await eventsOf('push.alerts-triggered')).flatMap((event) => event.data.triggers);
      expect(triggers.map((t) => `${t.kind}:${t.alertId}`).sort()).toEqual(['price:b1', 'price:t1', 'silver:s1']);
      const deliveries = (await eventsOf('push.deliveries-recorded')).flatMap((event) => event.data.deliveries);
      expect(deliveries).toHaveLength(3);
      for (const delivery of deliveries) expect(delivery).toMatchObject({ outcome: 'sent', status: 201, attempts: 1 });
      expect(new Set(deliveries.map((d) => d.triggerId))).toEqual(new Set(triggers.map((t) => t.triggerId)));

      // The metrics: every rule judged once per price (XSD twice, BankX, silver: one enabled rule each), three pushes sent.
      expect(await metric(notifier, 'xsd_notifier_rules_evaluated_total')).toBe(4);
      expect(await metric(notifier, 'xsd_notifier_pushes_total', { outcome: 'sent' })).toBe(3);
      expect(await metric(notifier, 'xsd_notifier_outbox_size')).toBe(0);
    });

    it('when the price stays beyond the threshold or only dips within the margin, then nothing more is sent; once it moved back, the next crossing fires again', async () => {
      const notifier = await started();
      await tick('XSD', 'Ethereum', 1.12, T0 + 60_000);
      await receiver.waitForPushes(1, { endpoint: mine });
      await tick('XSD', 'Ethereum', 1.13, T0 + 20 * MINUTE);
      // 1.099 is below 1.10 but not by the 0.5 % margin (1.0945).
      await tick('XSD', 'Ethereum', 1.099, T0 + 21 * MINUTE);
      await tick('XSD', 'Ethereum', 1.12, T0 + 40 * MINUTE);
      await settled(notifier);
      expect(receiver.count(mine)).toBe(1);

      await tick('XSD', 'Ethereum', 1.09, T0 + 41 * MINUTE);
      await tick('XSD', 'Ethereum', 1.11, T0 + 42 * MINUTE);
      await settled(notifier);
      expect(receiver.count(mine)).toBe(2);
      expect(payloadOf(mine, 1)?.body).toBe('XSD on Ethereum is $1.110000, above your $1.100000 alert.');
    });

    it('when the notifier restarts, then it neither sends a trigger again nor forgets that its rule fired', async () => {
      const first = await started();
      await tick('XSD', 'Ethereum', 1.12, T0 + 60_000);
      await settled(first);
      await first.stop();
      expect(receiver.count(mine)).toBe(1);

      const second = await started();
      // Beyond the gap, still beyond the threshold: the rule has not re-armed.
      await tick('XSD', 'Ethereum', 1.13, T0 + 20 * MINUTE);
      await settled(second);
      expect(receiver.count(mine)).toBe(1);
      // Back by the margin within the gap, then across: it waits for the gap, which has passed.
      await tick('XSD', 'Ethereum', 1.05, T0 + 21 * MINUTE);
      await tick('XSD', 'Ethereum', 1.15, T0 + 22 * MINUTE);
      await settled(second);
      expect(receiver.count(mine)).toBe(2);
    });

    it('when a re-save keeps an alert unchanged, then its state stays; a browser firing newer than the server counts as a firing', async () => {
      const notifier = await started();
      await tick('XSD', 'Ethereum', 1.12, T0 + 60_000);
      await settled(notifier);
      // The visitor adds an alert: t1 is unchanged, so it stays fired (not re-armed by the save).
      await save(mine, { token: [tokenAlert('t1', 'XSD', 'Ethereum', 'above', 1.1), tokenAlert('t2', 'XSD', 'Ethereum', 'below', 1.0)] });
      // bankx's tab fired its alert a minute ago: the server does not fire it again while it hovers.
      await save(bankx, { token: [tokenAlert('b1', 'BankX', 'BSC', 'below', 0.4, { lastTriggered: T0 + 2 * MINUTE })] });
      await tick('XSD', 'Ethereum', 1.13, T0 + 30 * MINUTE);
      await tick('BankX', 'BSC', 0.39, T0 + 30 * MINUTE);
      await settled(notifier);
      expect(receiver.count(mine)).toBe(1);
      expect(receiver.count(bankx)).toBe(0);
    });
  });

  it('given triggers a previous leader appended, then the one without a recorded delivery is sent and the delivered one is not sent again', async () => {
    const [delivered, pending] = receiver.createSubscribers(2);
    await save(delivered, { token: [tokenAlert('t1', 'XSD', 'Ethereum', 'above', 1.1)] });
    await save(pending, { token: [tokenAlert('t1', 'XSD', 'Ethereum', 'above', 1.1)] });
    const payload: PushPayload = { title: 'XSD price alert', body: 'XSD on Ethereum is $1.120000, above your $1.100000 alert.', tag: 'alert-t1' };
    const trigger = (subscription: PushSubscriptionJson) => ({
      triggerId: triggerId(pushSubscriptionId(subscription.endpoint), 'price', 't1', 'a-crashed-evaluation'),
      subscriptionId: pushSubscriptionId(subscription.endpoint),
      alertId: 't1',
      kind: 'price' as const,
      value: 1.12,
      payload,
      urgency: 'normal' as const,
      expiresAt: new Date(T0 + 60 * MINUTE).toISOString(),
    });
    const actor = { kind: 'system', id: 'notifier' } as const;
    await append(createEvent('push.alerts-triggered', { sourceId: 'a-crashed-evaluation', triggers: [trigger(delivered), trigger(pending)] }, { actor, now: new Date(T0) }));
    await append(
      createEvent(
        'push.deliveries-recorded',
        { deliveries: [{ triggerId: trigger(delivered).triggerId, subscriptionId: trigger(delivered).subscriptionId, outcome: 'sent', status: 201, attempts: 1 }] },
        { actor, now: new Date(T0) },
      ),
    );

    const notifier = await started();
    await settled(notifier);
    expect(receiver.count(pending)).toBe(1);
    expect(receiver.count(delivered)).toBe(0);
    expect(receiver.pushesFor(pending)[0].ttl).toBe(3_600);
  });

  it('given a push service that answers 410 for one subscription and 429 with Retry-After for another, then the first is removed as expired and the second sent once after the wait', async () => {
    const [gone, busy] = receiver.createSubscribers(2);
    await save(gone, { token: [tokenAlert('t1', 'XSD', 'Base', 'above', 1.1)] });
    await save(busy, { token: [tokenAlert('t1', 'XSD', 'Base', 'above', 1.1)] });
    receiver.unsubscribe(gone);
    receiver.respond(busy, [{ status: 429, retryAfter: 1 }]);
    const notifier = await started();
    await tick('XSD', 'Base', 1.2, T0 + 60_000);
    // The push waiting out its Retry-After is still in the outbox.
    await waitFor(async () => (await metric(notifier, 'xsd_notifier_outbox_size')) >= 1, { message: 'a trigger in the outbox' });
    await receiver.waitForPushes(1, { endpoint: busy, timeoutMs: 15_000 });
    await settled(notifier);
    expect(await metric(notifier, 'xsd_notifier_outbox_size')).toBe(0);
    // One push pruned (410), one sent (its 429 was a retry, not an outcome), none failed.
    expect(await metric(notifier, 'xsd_notifier_pushes_total', { outcome: 'pruned' })).toBe(1);
    expect(await metric(notifier, 'xsd_notifier_pushes_total', { outcome: 'sent' })).toBe(1);
    expect(await metric(notifier, 'xsd_notifier_pushes_total', { outcome: 'failed' })).toBe(0);

    const tries = receiver.attempts(busy);
    expect(tries.map((attempt) => attempt.status)).toEqual([429, 201]);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(1_000 - 50);
    expect(receiver.attempts(gone).map((attempt) => attempt.status)).toEqual([410]);
    const deliveries = (await eventsOf('push.deliveries-recorded')).flatMap((event) => event.data.deliveries);
    expect(deliveries.map(({ subscriptionId, outcome, status, attempts }) => ({ subscriptionId, outcome, status, attempts })).sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
      { subscriptionId: pushSubscriptionId(gone.endpoint), outcome: 'pruned', status: 410, attempts: 1 },
      { subscriptionId: pushSubscriptionId(busy.endpoint), outcome: 'sent', status: 201, attempts: 2 },
    ]);
    const removed = await eventsOf('push.subscription-removed');
    expect(removed.map((event) => event.data)).toEqual([{ subscriptionId: pushSubscriptionId(gone.endpoint), endpoint: gone.endpoint, reason: 'expired' }]);
    await settled(notifier);
    const left = await pipeline.db.selectFrom('notifier_subscriptions').select('endpoint').execute();
    expect(left.map((row) => row.endpoint)).toEqual([busy.endpoint]);

    // Gone for good: a later crossing sends it nothing.
    await tick('XSD', 'Base', 1.0, T0 + 20 * MINUTE);
    await tick('XSD', 'Base', 1.2, T0 + 21 * MINUTE);
    await settled(notifier);
    expect(receiver.attempts(gone)).toHaveLength(1);
    expect(receiver.count(busy)).toBe(2);
  });

  it('given an endpoint whose name resolves to loopback, then it is never contacted and the subscription is removed as expired', async () => {
    const [real, kept] = receiver.createSubscribers(2);
    // The receiver's own endpoint under a name the resolver answers with 127.0.0.1 (saved by name: names are checked when sent).
    const inward = { ...real!, endpoint: real!.endpoint.replace(receiver.origin, `https://inward.test:${receiver.port}`) };
    await save(inward, { token: [tokenAlert('t1', 'XSD', 'Base', 'above', 1.1)] });
    await save(kept!, { token: [tokenAlert('t1', 'XSD', 'Base', 'above', 1.1)] });
    const notifier = await started();
    await tick('XSD', 'Base', 1.2, T0 + 60_000);
    await settled(notifier);
    expect(receiver.attempts().map((attempt) => attempt.endpoint)).toEqual([kept!.endpoint]);
    const deliveries = (await eventsOf('push.deliveries-recorded')).flatMap((event) => event.data.deliveries);
    expect(deliveries.map(({ subscriptionId, outcome, status, attempts }) => ({ subscriptionId, outcome, status, attempts })).sort((a, b) => a.outcome.localeCompare(b.outcome))).toEqual([
      { subscriptionId: pushSubscriptionId(inward.endpoint), outcome: 'pruned', status: null, attempts: 0 },
      { subscriptionId: pushSubscriptionId(kept!.endpoint), outcome: 'sent', status: 201, attempts: 1 },
    ]);
    // The removal follows the recorded outcome.
    await expect
      .poll(async () => (await eventsOf('push.subscription-removed')).map((event) => event.data), { timeout: 10_000 })
      .toEqual([{ subscriptionId: pushSubscriptionId(inward.endpoint), endpoint: inward.endpoint, reason: 'expired' }]);
  });

  it('given two notifiers on one database, then one leads, the other takes over when it stops, and each trigger is sent once', async () => {
    const [a, b] = receiver.createSubscribers(2);
    await save(a, { token: [tokenAlert('t1', 'XSD', 'Polygon', 'above', 1.1)] });
    await save(b, { token: [tokenAlert('t1', 'XSD', 'Arbitrum', 'above', 1.1)] });
    const leader = await started();
    const standby = newNotifier();
    const takingOver = standby.start();
    await tick('XSD', 'Polygon', 1.2, T0 + 60_000);
    await settled(leader);
    expect(standby.running).toBe(false);
    // The standby judges nothing and sends nothing: its figures stay at 0.
    expect(await metric(leader, 'xsd_notifier_pushes_total', { outcome: 'sent' })).toBe(1);
    expect(await metric(standby, 'xsd_notifier_pushes_total')).toBe(0);
    expect(await metric(standby, 'xsd_notifier_rules_evaluated_total')).toBe(0);

    await leader.stop();
    await takingOver;
    expect(standby.running).toBe(true);
    await tick('XSD', 'Arbitrum', 1.2, T0 + 2 * MINUTE);
    await settled(standby);
    expect([receiver.count(a), receiver.count(b)]).toEqual([1, 1]);
  });

  it('given a calendar alert, then its reminder fires once when due, urgent and living until the start, and follows the event when staff move it', async () => {
    const projector = pipeline.projector([calendarEventsProjection]);
    await projector.start();
    const eventId = '0193a1b2-0000-7000-8000-000000000001';
    const staff = { kind: 'staff', id: '0193a1b2-0000-7000-8000-0000000000aa' } as const;
    const fields = { title: 'Launch AMA', description: null, type: 'event', startDate: '2026-11-21', endDate: null, startTime: '10:30:00', endTime: null, location: null, url: null, notifyUsers: true, isActive: true } as const;
    await append(createEvent('calendar-event.created', { eventId, ...fields }, { actor: staff, now: new Date(T0 - 60 * MINUTE) }));
    await pipeline.progress.waitFor('calendar_events', await pipeline.log.lastSequence(), 10_000);

    // The visitor's browser is an hour ahead of UTC: 10:30 there is 09:30Z.
    const [visitor] = receiver.createSubscribers(1);
    await save(visitor, {
      calendar: [{ id: 'c1', eventId, eventTitle: 'Launch AMA', eventDate: '2026-11-21T09:30:00.000Z', reminderTime: 15, enabled: true, lastTriggered: null }],
    });
    const notifier = await started();
    await settled(notifier);

    now = Date.parse('2026-11-21T09:14:00.000Z');
    expect(await notifier.remind()).toBe(0);
    now = Date.parse('2026-11-21T09:16:00.000Z');
    expect(await notifier.remind()).toBe(1);
    await settled(notifier);
    const [reminder] = receiver.pushesFor(visitor);
    expect(reminder.json).toMatchObject({ title: 'Event reminder', body: 'Launch AMA starts in 14 minutes.', tag: 'alert-c1', data: { url: '/calendar' } });
    expect(reminder.urgency).toBe('high');
    expect(reminder.ttl).toBe(14 * 60);
    now = Date.parse('2026-11-21T09:20:00.000Z');
    expect(await notifier.remind()).toBe(0);

    // Staff move it to 11:00 local: the visitor's start becomes 10:00Z, a new reminder window.
    await append(
      createEvent('calendar-event.updated', { eventId, title: fields.title, changes: { startTime: '11:00:00' }, previous: { startTime: '10:30:00' } }, { actor: staff, now: new Date(now) }),
    );
    await pipeline.progress.waitFor('calendar_events', await pipeline.log.lastSequence(), 10_000);
    now = Date.parse('2026-11-21T09:44:00.000Z');
    expect(await notifier.remind()).toBe(0);
    now = Date.parse('2026-11-21T09:50:00.000Z');
    expect(await notifier.remind()).toBe(1);
    await settled(notifier);
    expect(payloadOf(visitor, 1)?.body).toBe('Launch AMA starts in 10 minutes.');
    expect(receiver.count(visitor)).toBe(2);
  });
});
