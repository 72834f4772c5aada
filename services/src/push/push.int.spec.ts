import { createEvent, pushSubscriptionSubject } from '@xsd/contracts';
import type { ActivityResponse } from '@xsd/contracts/api/admin-activity';
import type { ApiKeysResponse, CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import type { AdminNewsItemResponse } from '@xsd/contracts/api/admin-news';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { MAX_ALERTS_PER_KIND, PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { PUSH_ENDPOINT_INWARD_MESSAGE, type PushPayload, type PushStatusResponse, type PushSubscriptionJson, pushSubscriptionId, type SavePushSubscriptionRequest } from '@xsd/contracts/api/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_HTTPS_AGENT } from '../core/injection-tokens.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { testResolver } from '../outbound/forbidden-targets.js';
import { OUTBOUND_POLICY } from '../outbound/outbound.module.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { type PushReceiver, startPushReceiver } from '../testing/push-receiver.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { tableChecksum } from '../testing/table-checksum.js';
import { PUSH_FLOOD_LIMIT } from './subscriptions/push-flood.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const PUSH_TABLES = ['notification_subscriptions', 'alert_rules', 'push_deliveries'];

const ALERTS = {
  token: [
    { id: 't1', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.05, enabled: true, lastTriggered: null },
    { id: 't2', token: 'BankX', chain: 'BSC', condition: 'below', price: 0.5, enabled: false, lastTriggered: null },
  ],
  silver: [{ id: 's1', condition: 'below', price: 0.9, enabled: true, lastTriggered: null }],
  calendar: [
    { id: 'c1', eventId: 'e1', eventTitle: 'Launch', eventDate: '2026-12-01T10:00:00Z', reminderTime: 15, enabled: true, lastTriggered: null },
  ],
} satisfies SavePushSubscriptionRequest['alerts'];

const PREFERENCES = { priceAlerts: true, silverAlerts: true, calendarEvents: true, systemUpdates: true };

describe.each<PipelineKind>(['embedded', 'jetstream'])('web push routes on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let receiver: PushReceiver;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let publicKey: string;
  let client = 0;
  let now = T0;
  let closed = false;

  /** Each request from its own address (trusted proxy), so the flood limit stays out of the way but in its own test. */
  const from = () => {
    client += 1;
    return `10.1.${Math.floor(client / 250)}.${(client % 250) + 1}`;
  };
  /** The app's own projector's progress (the app runs the projector, not the pipeline). */
  const caughtUp = async (projection: string) => api.app.get(ProjectionProgress).waitFor(projection, await pipeline.log.lastSequence(), 10_000);
  const save = (body: unknown, ip = from()) => api.http().post('/api/push/subscriptions').set('X-Forwarded-For', ip).send(body as object);
  const unsubscribe = (body: unknown, ip = from()) => api.http().delete('/api/push/subscriptions').set('X-Forwarded-For', ip).send(body as object);
  const subscriber = () => receiver.createSubscriber({ applicationServerKey: publicKey });
  const subscriptionRow = (endpoint: string) =>
    pipeline.db.selectFrom('notification_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
  const rulesOf = (endpoint: string) =>
    pipeline.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('subscription_id', '=', pushSubscriptionId(endpoint))
      .orderBy('kind')
      .orderBy('alert_id')
      .execute();
  const createKey = async (permissions: string[], expiresAt: string | null = null) =>
    ((await api.http().post('/api/admin/api-keys').set(auth).send({ name: `key ${++client}`, permissions, ...(expiresAt ? { expires_at: expiresAt } : {}) }).expect(201))
      .body as CreateApiKeyResponse);
  const send = (key: string | null, payload: PushPayload) => {
    const test = api.http().post('/api/push/send');
    if (key !== null) void test.set('x-api-key', key);
    return test.send({ payload });
  };

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    receiver = await startPushReceiver();
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      clock: () => new Date(now),
      http: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] },
      overrides: [
        { provide: PUSH_HTTPS_AGENT, useValue: receiver.createAgent() },
        // The loopback receiver is reached as 127.0.0.1 (XSD_WEBHOOK_ALLOW_HOSTS); names resolve through the tests' table.
        { provide: OUTBOUND_POLICY, useValue: { allowHosts: ['127.0.0.1'], resolve: testResolver } },
      ],
    });
    const { token } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    publicKey = ((await api.http().get('/api/push/key').expect(200)).body as { publicKey: string }).publicKey;
  }, 60_000);

  afterAll(async () => {
    if (!closed) await api?.close();
    await receiver?.close();
    await pipeline?.cleanup();
  });

  it('serves the VAPID public key, an uncompressed P-256 point, and nothing else', async () => {
    const { body } = await api.http().get('/api/push/key').expect(200);
    expect(Object.keys(body)).toEqual(['publicKey']);
    const key = Buffer.from(publicKey, 'base64url');
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
  });

  describe('subscriptions', () => {
    let subscription: PushSubscriptionJson;

    it('saves a subscription with its preferences and alerts, and answers once the rules are watched', async () => {
      subscription = subscriber();
      const { body } = await save({ subscription, preferences: PREFERENCES, alerts: ALERTS }).expect(200);
      expect(body).toEqual({ saved: true, rules: 3 });
      expect(await subscriptionRow(subscription.endpoint)).toEqual({
        id: pushSubscriptionId(subscription.endpoint),
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        price_alerts: true,
        silver_alerts: true,
        calendar_events: true,
        system_updates: true,
        created_at: new Date(T0),
        updated_at: new Date(T0),
      });
      const rules = await rulesOf(subscription.endpoint);
      expect(rules.map((rule) => [rule.kind, rule.alert_id, rule.enabled, rule.params])).toEqual([
        ['calendar', 'c1', true, { eventId: 'e1', eventTitle: 'Launch', eventDate: '2026-12-01T10:00:00Z', reminderTime: 15 }],
        ['price', 't1', true, { token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.05 }],
        ['price', 't2', false, { token: 'BankX', chain: 'BSC', condition: 'below', price: 0.5 }],
        ['silver', 's1', true, { condition: 'below', price: 0.9 }],
      ]);
      const events = await pipeline.log.readSubject(pushSubscriptionSubject(pushSubscriptionId(subscription.endpoint)));
      expect(events.map((stored) => [stored.event.type, stored.event.actor])).toEqual([['push.subscription-saved', { kind: 'visitor', id: null }]]);
    });

    it('the same save again appends nothing', async () => {
      const subject = pushSubscriptionSubject(pushSubscriptionId(subscription.endpoint));
      const before = await pipeline.log.subjectSequence(subject);
      expect((await save({ subscription, preferences: PREFERENCES, alerts: ALERTS }).expect(200)).body).toEqual({ saved: true, rules: 3 });
      expect(await pipeline.log.subjectSequence(subject)).toBe(before);
    });

    it('a new save replaces the rules, and a rule that stays keeps the time it last fired', async () => {
      const subscriptionId = pushSubscriptionId(subscription.endpoint);
      now = T0 + 60_000;
      await pipeline.log.append(
        createEvent(
          'push.alerts-triggered',
          {
            sourceId: 'price-event-1',
            triggers: [
              { triggerId: crypto.randomUUID(), subscriptionId, alertId: 't1', kind: 'price', value: 1.06, payload: { title: 'XSD above', body: 'XSD is $1.06' } },
            ],
          },
          { actor: { kind: 'system', id: 'notifier' }, now: new Date(now) },
        ),
      );
      await caughtUp('push_subscriptions');
      expect((await rulesOf(subscription.endpoint)).find((rule) => rule.alert_id === 't1')?.last_triggered_at).toEqual(new Date(T0 + 60_000));

      now = T0 + 120_000;
      const alerts = { token: [{ ...ALERTS.token[0], price: 1.1 }], silver: [], calendar: ALERTS.calendar };
      expect((await save({ subscription, preferences: { ...PREFERENCES, silverAlerts: false }, alerts }).expect(200)).body).toEqual({ saved: true, rules: 2 });
      const rules = await rulesOf(subscription.endpoint);
      expect(rules.map((rule) => [rule.kind, rule.alert_id, rule.params.price ?? null])).toEqual([
        ['calendar', 'c1', null],
        ['price', 't1', 1.1],
      ]);
      expect(rules.find((rule) => rule.alert_id === 't1')?.last_triggered_at).toEqual(new Date(T0 + 60_000));
      expect(rules.find((rule) => rule.alert_id === 't1')?.created_at).toEqual(new Date(T0));
      expect(await subscriptionRow(subscription.endpoint)).toMatchObject({ silver_alerts: false, created_at: new Date(T0), updated_at: new Date(T0 + 120_000) });
    });

    it.each([
      ['an endpoint that is no URL', (s: PushSubscriptionJson) => ({ subscription: { ...s, endpoint: 'not a url' } }), 'endpoint must be an https URL'],
      ['an http endpoint', (s: PushSubscriptionJson) => ({ subscription: { ...s, endpoint: s.endpoint.replace('https:', 'http:') } }), 'endpoint must be an https URL'],
      ['a p256dh key of the wrong length', (s: PushSubscriptionJson) => ({ subscription: { ...s, keys: { ...s.keys, p256dh: 'AAAA' } } }), 'keys.p256dh must be a 65-byte P-256 key'],
      ['an auth secret that is not base64url', (s: PushSubscriptionJson) => ({ subscription: { ...s, keys: { ...s.keys, auth: '!'.repeat(22) } } }), 'must be base64url'],
      [
        'too many alerts of one kind',
        (s: PushSubscriptionJson) => ({
          subscription: s,
          alerts: { token: Array.from({ length: MAX_ALERTS_PER_KIND + 1 }, (_, i) => ({ ...ALERTS.token[0], id: `t${i}` })) },
        }),
        `At most ${MAX_ALERTS_PER_KIND} token alerts can be registered`,
      ],
      ['a price of 0', (s: PushSubscriptionJson) => ({ subscription: s, alerts: { silver: [{ ...ALERTS.silver[0], price: 0 }] } }), 'Price must be greater than 0'],
    ])('refuses %s with a 400 in the JSON error shape, and stores nothing', async (_name, body, message) => {
      const fresh = subscriber();
      const { body: answer } = await save(body(fresh)).expect(400);
      expect(answer).toEqual({ error: { code: 'invalid_push_subscription', message } });
      expect(await subscriptionRow(fresh.endpoint)).toBeUndefined();
      expect(await pipeline.log.subjectSequence(pushSubscriptionSubject(pushSubscriptionId(fresh.endpoint)))).toBe(0);
    });

    it('refuses a body that is not JSON or has unknown fields', async () => {
      const fresh = subscriber();
      expect((await save({ subscription: fresh, extra: 1 }).expect(400)).body.error.code).toBe('invalid_push_subscription');
      await api.http().post('/api/push/subscriptions').set('X-Forwarded-For', from()).set('Content-Type', 'text/plain').send('hello').expect(415);
      expect(await subscriptionRow(fresh.endpoint)).toBeUndefined();
    });

    it('refuses an endpoint on loopback, a private network, link-local or another inward address with a 400, storing nothing', async () => {
      const { keys } = subscriber();
      const inward = [
        'https://localhost/push/a',
        'https://127.1.2.3/push/a',
        'https://2130706434/push/a', // decimal 127.0.0.2
        'https://0177.0.0.2/push/a', // octal 127.0.0.2
        'https://10.0.0.1/push/a',
        'https://192.168.1.1/push/a',
        'https://100.64.0.1/push/a', // CGNAT
        'https://169.254.169.254/latest/meta-data/', // cloud metadata
        'https://[::1]/push/a',
        'https://[fd12:3456::1]/push/a',
        'https://[fe80::1]/push/a',
        'https://[::ffff:169.254.169.254]/push/a', // IPv4-mapped metadata
        'https://[::ffff:127.0.0.2]/push/a', // IPv4-mapped loopback
      ];
      for (const endpoint of inward) {
        const { body: answer } = await save({ subscription: { endpoint, keys }, alerts: ALERTS }).expect(400);
        expect(answer, endpoint).toEqual({ error: { code: 'invalid_push_subscription', message: PUSH_ENDPOINT_INWARD_MESSAGE } });
        expect(await subscriptionRow(endpoint)).toBeUndefined();
        expect(await pipeline.log.subjectSequence(pushSubscriptionSubject(pushSubscriptionId(endpoint)))).toBe(0);
      }
      // A name is resolved only when a push is sent (see 'an endpoint whose name resolves inward').
      const named = { endpoint: 'https://inward.test/push/saved-by-name', keys };
      await save({ subscription: named }).expect(200);
      await unsubscribe({ endpoint: named.endpoint }).expect(200);
    });

    it('removes a subscription and its rules; removing it again is a 404 with the message', async () => {
      const gone = subscriber();
      await save({ subscription: gone, alerts: ALERTS }).expect(200);
      expect(await rulesOf(gone.endpoint)).toHaveLength(4);
      expect((await unsubscribe({ endpoint: gone.endpoint }).expect(200)).body).toEqual({ removed: true });
      expect(await subscriptionRow(gone.endpoint)).toBeUndefined();
      expect(await rulesOf(gone.endpoint)).toEqual([]);
      expect((await unsubscribe({ endpoint: gone.endpoint }).expect(404)).body).toEqual({
        error: { code: 'push_subscription_not_found', message: PUSH_MESSAGES.subscriptionNotFound },
      });
      expect((await unsubscribe({ endpoint: 'ftp://x' }).expect(400)).body.error.message).toBe('endpoint must be an https URL');
    });

    it('refuses a flood of changes from one client with a 429', async () => {
      const ip = '10.9.9.9';
      const fresh = subscriber();
      for (let i = 0; i < PUSH_FLOOD_LIMIT.limit; i++) await save({ subscription: fresh }, ip).expect(200);
      expect((await save({ subscription: fresh }, ip).expect(429)).body).toEqual({ error: { code: 'too_many_requests', message: PUSH_MESSAGES.tooManyRequests } });
      await save({ subscription: fresh }).expect(200);
      await unsubscribe({ endpoint: fresh.endpoint }).expect(200);
    });
  });

  describe('the API-key sender', () => {
    let sender: CreateApiKeyResponse;
    let reader: CreateApiKeyResponse;
    let onA: PushSubscriptionJson;
    let onB: PushSubscriptionJson;
    let off: PushSubscriptionJson;
    const payload: PushPayload = { title: 'Maintenance tonight', body: 'The dashboard pauses at 22:00 UTC.', tag: 'maintenance', data: { url: '/news' } };

    beforeAll(async () => {
      // Subscriptions from the tests above that are still registered get this too: count from the read model.
      sender = await createKey(['send_notifications']);
      reader = await createKey(['read_subscriptions']);
      [onA, onB, off] = [subscriber(), subscriber(), subscriber()];
      await save({ subscription: onA, preferences: PREFERENCES }).expect(200);
      await save({ subscription: onB, preferences: { ...PREFERENCES, priceAlerts: false } }).expect(200);
      await save({ subscription: off, preferences: { ...PREFERENCES, systemUpdates: false } }).expect(200);
    });

    const systemUpdateSubscribers = async () =>
      (await pipeline.db.selectFrom('notification_subscriptions').select('endpoint').where('system_updates', '=', true).execute()).map((row) => row.endpoint);

    it('sends to every subscription with systemUpdates on, decrypted by the receiver as the payload, and records the key use', async () => {
      receiver.reset();
      const targets = await systemUpdateSubscribers();
      expect(targets).toEqual(expect.arrayContaining([onA.endpoint, onB.endpoint]));
      expect(targets).not.toContain(off.endpoint);
      const { body } = await send(sender.key, payload).expect(200);
      expect(body).toEqual({ sent: targets.length, failed: 0, total: targets.length });
      const pushes = receiver.pushes();
      expect(pushes.map((push) => push.endpoint).sort()).toEqual([...targets].sort());
      for (const push of pushes) {
        expect(push.json).toEqual(payload);
        expect(push.vapidPublicKey).toBe(publicKey);
        expect(push.ttl).toBe(86_400);
        expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      }
      expect(receiver.pushesFor(off)).toEqual([]);
      expect(receiver.rejected()).toEqual([]);
      const keys = (await api.http().get('/api/admin/api-keys').set(auth).expect(200)).body as ApiKeysResponse;
      expect(keys.items.find((item) => item.id === sender.item.id)?.last_used_at).toBe(new Date(now).toISOString());
    });

    it('answers the subscription figures to a key with read_subscriptions', async () => {
      const { body } = await api.http().get('/api/push/subscriptions/stats').set('x-api-key', reader.key).expect(200);
      const rows = await pipeline.db.selectFrom('notification_subscriptions').selectAll().execute();
      expect(body).toEqual({
        total: rows.length,
        preferences: {
          priceAlerts: rows.filter((row) => row.price_alerts).length,
          silverAlerts: rows.filter((row) => row.silver_alerts).length,
          calendarEvents: rows.filter((row) => row.calendar_events).length,
          systemUpdates: rows.filter((row) => row.system_updates).length,
        },
      });
      expect(body.preferences.systemUpdates).toBe(body.total - 1);
    });

    it('refuses a missing, unknown, under-permissioned, expired or deleted key with 401/403, and a key anywhere but the header', async () => {
      const before = receiver.count();
      expect((await send(null, payload).expect(401)).body).toEqual({ error: { code: 'missing_api_key', message: PUSH_MESSAGES.apiKeyMissing } });
      expect((await send('x'.repeat(48), payload).expect(401)).body.error).toEqual({ code: 'invalid_api_key', message: 'Invalid or expired API key' });
      expect((await send(reader.key, payload).expect(403)).body.error).toEqual({ code: 'api_key_forbidden', message: 'This API key does not have the required permission' });
      await api.http().get('/api/push/subscriptions/stats').set('x-api-key', sender.key).expect(403);
      await api.http().get('/api/push/subscriptions/stats').expect(401);
      await api.http().post(`/api/push/send?x-api-key=${sender.key}&api_key=${sender.key}`).send({ payload }).expect(401);
      await api.http().post('/api/push/send').set('Cookie', `x-api-key=${sender.key}; api_key=${sender.key}`).send({ payload }).expect(401);

      const expiring = await createKey(['send_notifications'], new Date(now + 60_000).toISOString());
      now += 120_000;
      expect((await send(expiring.key, payload).expect(401)).body.error.code).toBe('invalid_api_key');
      const deleted = await createKey(['send_notifications']);
      await api.http().delete(`/api/admin/api-keys/${deleted.item.id}`).set(auth).expect(200);
      expect((await send(deleted.key, payload).expect(401)).body.error.code).toBe('invalid_api_key');
      expect(receiver.count()).toBe(before);
    });

    it('refuses a payload that is not the spec shape', async () => {
      expect((await send(sender.key, { title: '', body: 'x' }).expect(400)).body.error).toEqual({ code: 'invalid_push_payload', message: 'title is required' });
      await api.http().post('/api/push/send').set('x-api-key', sender.key).send({ payload, more: 1 }).expect(400);
    });

    it('a 410 from the push service removes that subscription and counts as failed', async () => {
      receiver.unsubscribe(onB);
      const total = (await systemUpdateSubscribers()).length;
      const { body } = await send(sender.key, payload).expect(200);
      expect(body).toEqual({ sent: total - 1, failed: 1, total });
      // The removal is appended before the answer; the read model follows it a moment later.
      await expect.poll(() => subscriptionRow(onB.endpoint), { timeout: 15_000 }).toBeUndefined();
      const events = await pipeline.log.readSubject(pushSubscriptionSubject(pushSubscriptionId(onB.endpoint)));
      expect(events.at(-1)?.event).toMatchObject({ type: 'push.subscription-removed', data: { reason: 'expired' }, actor: { kind: 'system', id: 'push' } });
      expect((await send(sender.key, payload).expect(200)).body).toEqual({ sent: total - 1, failed: 0, total: total - 1 });
    });

    it('a 429 with Retry-After is retried once, after the delay, and then delivered', async () => {
      receiver.reset();
      receiver.respond(onA, [{ status: 429, retryAfter: 1 }]);
      const total = (await systemUpdateSubscribers()).length;
      expect((await send(sender.key, payload).expect(200)).body).toEqual({ sent: total, failed: 0, total });
      const attempts = receiver.attempts(onA);
      expect(attempts.map((attempt) => attempt.status)).toEqual([429, 201]);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1_000);
      expect(receiver.pushesFor(onA)).toHaveLength(1);
    });

    it('the staff push status counts the deliveries of the last 24 hours', async () => {
      const rows = await pipeline.db.selectFrom('push_deliveries').select(['outcome']).execute();
      const status = (await api.http().get('/api/admin/push').set(auth).expect(200)).body as PushStatusResponse;
      expect(status.deliveries).toEqual({
        sent: rows.filter((row) => row.outcome === 'sent').length,
        failed: rows.filter((row) => row.outcome === 'failed').length,
        pruned: 1,
      });
      expect(status.deliveries.sent).toBeGreaterThan(0);
      expect(status.subscriptions).toBe((await pipeline.db.selectFrom('notification_subscriptions').select('id').execute()).length);
      expect(status.rules).toEqual({ price: 1, silver: 0, calendar: 1 });
      expect(status.generated_at).toBe(new Date(now).toISOString());
      now += 25 * 60 * 60_000;
      const later = (await api.http().get('/api/admin/push').set(auth).expect(200)).body as PushStatusResponse;
      expect(later.deliveries).toEqual({ sent: 0, failed: 0, pruned: 0 });
    });
  });

  describe('breaking news push', () => {
    const createNews = async (fields: Record<string, unknown>) =>
      ((await api.http().post('/api/admin/news').set(auth).send({ title: 'Bridge upgrade', content: '<p>Bridges <b>pause</b> at 10:00.</p><p>Back by noon &amp; safe.</p>', ...fields }).expect(201))
        .body as AdminNewsItemResponse).item;

    it('sends an active item with notify_users as title and plain text to systemUpdates subscribers, and logs the broadcast', async () => {
      const item = await createNews({ notify_users: true });
      receiver.reset();
      const total = (await pipeline.db.selectFrom('notification_subscriptions').select('id').where('system_updates', '=', true).execute()).length;
      const { body } = await api.http().post(`/api/admin/news/${item.id}/push`).set(auth).expect(200);
      expect(body).toEqual({ success: true, sent: total, failed: 0, total });
      const pushes = receiver.pushes();
      expect(pushes).toHaveLength(total);
      expect(pushes[0]!.json).toEqual({ title: 'Bridge upgrade', body: 'Bridges pause at 10:00.\nBack by noon & safe.', tag: `news-${item.id}`, data: { url: '/', newsId: item.id } });
      expect(pushes[0]!.urgency).toBe('high');

      await caughtUp('activity_log');
      const activity = (await api.http().get('/api/admin/activity').query({ action: 'push.broadcast-sent' }).set(auth).expect(200)).body as ActivityResponse;
      const entry = activity.items.find((row) => row.target.id === item.id);
      expect(entry).toMatchObject({
        action: 'push.broadcast-sent',
        target: { kind: 'news', id: item.id, label: 'Bridge upgrade' },
        after: { notification: 'Bridge upgrade', sent: total, failed: 0, total },
      });
      expect(activity.items.some((row) => row.target.kind === 'api_key')).toBe(true);
      expect(JSON.stringify(activity)).not.toMatch(/push\/[A-Za-z0-9_-]{8,}/);
    });

    it('refuses an inactive item, one without notify_users, an expired one, and an unknown id, sending nothing', async () => {
      receiver.reset();
      for (const item of [await createNews({ notify_users: true, is_active: false }), await createNews({ notify_users: false })]) {
        expect((await api.http().post(`/api/admin/news/${item.id}/push`).set(auth).expect(409)).body).toEqual({
          error: { code: 'news_not_pushable', message: PUSH_MESSAGES.newsNotPushable },
        });
      }
      const expiring = await createNews({ notify_users: true, expires_at: new Date(now + 60_000).toISOString() });
      now += 120_000;
      await api.http().post(`/api/admin/news/${expiring.id}/push`).set(auth).expect(409);
      await api.http().post(`/api/admin/news/${crypto.randomUUID()}/push`).set(auth).expect(404);
      await api.http().post('/api/admin/news/not-a-uuid/push').set(auth).expect(404);
      expect(receiver.count()).toBe(0);
    });

    it('needs a session (401) and the role permission (403): a calendar manager may not send news or read push status', async () => {
      const item = await createNews({ notify_users: true });
      await api.http().post(`/api/admin/news/${item.id}/push`).expect(401);
      await api.http().get('/api/admin/push').expect(401);
      const created = (await api.http().post('/api/admin/users').set(auth).send({ email: `cal-${kind}@silverboard.test`, role: 'calendar_access' }).expect(201))
        .body as CreateStaffAccountResponse;
      const calendar = { Authorization: `Bearer ${(await api.login(created.user.email, created.password)).token}` };
      receiver.reset();
      expect((await api.http().post(`/api/admin/news/${item.id}/push`).set(calendar).expect(403)).body.error.code).toBe('forbidden');
      expect((await api.http().get('/api/admin/push').set(calendar).expect(403)).body.error.code).toBe('forbidden');
      expect(receiver.count()).toBe(0);
    });
  });

  it('an endpoint whose name resolves inward is never contacted: the push fails and the subscription is removed as gone', async () => {
    const key = await createKey(['send_notifications']);
    const real = subscriber();
    // The receiver's own endpoint, named by a host the resolver answers with 127.0.0.1.
    const inward = { ...real, endpoint: real.endpoint.replace(receiver.origin, `https://inward.test:${receiver.port}`) };
    await save({ subscription: inward, preferences: PREFERENCES }).expect(200);
    receiver.reset();
    const { body } = await send(key.key, { title: 'Inward', body: 'Never sent' }).expect(200);
    expect(body.failed).toBeGreaterThanOrEqual(1);
    expect(receiver.attempts().map((attempt) => attempt.endpoint)).not.toContain(real.endpoint);
    expect(receiver.rejected()).toEqual([]);
    await expect.poll(() => subscriptionRow(inward.endpoint), { timeout: 15_000 }).toBeUndefined();
    const events = await pipeline.log.readSubject(pushSubscriptionSubject(pushSubscriptionId(inward.endpoint)));
    expect(events.at(-1)?.event).toMatchObject({ type: 'push.subscription-removed', data: { reason: 'expired' }, actor: { kind: 'system', id: 'push' } });
  });

  it('rebuilding the push read models from sequence 1 gives identical rows', async () => {
    await api.close();
    closed = true;
    const projector = pipeline.projector();
    await projector.start();
    const last = await pipeline.log.lastSequence();
    await Promise.all(['push_subscriptions', 'push_deliveries'].map((name) => pipeline.progress.waitFor(name, last, 30_000)));
    const before = await Promise.all(PUSH_TABLES.map((table) => tableChecksum(pipeline.db, table)));
    expect(before.every((checksum) => checksum.rows > 0)).toBe(true);
    await projector.rebuild('push_subscriptions');
    await projector.rebuild('push_deliveries');
    const after = await Promise.all(PUSH_TABLES.map((table) => tableChecksum(pipeline.db, table)));
    expect(after).toEqual(before);
  }, 60_000);
});
