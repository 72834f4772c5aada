/**
 * Telegram alerts with the real parts: the API's 'Send to Telegram' route, the notifier with its
 * bot (getUpdates long polling, /start, /alerts, /stop) and its Telegram dispatcher, all against
 * the loopback fake of the Bot API, on the embedded and the JetStream pipeline.
 */
import { createHash } from 'node:crypto';
import { createEvent, type EventType } from '@xsd/contracts';
import type { AlertLists } from '@xsd/contracts/api/alerts';
import { PUSH_ENDPOINT_INWARD_MESSAGE } from '@xsd/contracts/api/push';
import { TELEGRAM_MESSAGES, TELEGRAM_CODE_PATTERN, TELEGRAM_LINK_TTL_MS, type TelegramLinkRequest, type TelegramLinkResponse } from '@xsd/contracts/api/telegram';
import { telegramSubscriptionId } from '@xsd/contracts/events/telegram-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { Metrics } from '../metrics/metrics.js';
import { Notifier, NOTIFIER_ROLE } from '../notifier/notifier.js';
import { TELEGRAM_REPLIES } from '../notifier/telegram-updates.js';
import { ProjectorLeadership } from '../projector/projector-leadership.js';
import { PushDeliveryRecords } from '../push/sender/push-delivery-records.js';
import { WebPushSender } from '../push/sender/web-push-sender.js';
import { NotifierStateRepository } from '../read-models/push/notifier-state.repository.js';
import { NotifierTelegramRepository } from '../read-models/push/notifier-telegram.repository.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { startTelegramFake, type TelegramFake } from '../testing/telegram-fake.js';
import { testResolver } from '../outbound/forbidden-targets.js';
import { waitFor } from '../testing/wait-for.js';
import { TELEGRAM_SENDER } from './telegram-client.module.js';
import { TELEGRAM_LINK_FLOOD_LIMIT } from './telegram-link-flood.js';
import { TelegramSender } from './telegram-sender.js';

const VAPID = { subject: 'mailto:ops@silverboard.test', ...webpush.generateVAPIDKeys() };
const SYSTEM = { kind: 'system', id: 'test' } as const;
const PREFERENCES = { priceAlerts: true, silverAlerts: true, calendarEvents: true, systemUpdates: true };
const ALERTS: AlertLists = {
  token: [
    { id: 'xsd-eth-up', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.05, enabled: true, lastTriggered: null },
    { id: 'bankx-bsc-down', token: 'BankX', chain: 'BSC', condition: 'below', price: 0.5, enabled: false, lastTriggered: null },
  ],
  silver: [{ id: 'silver-down', condition: 'below', price: 0.9, enabled: true, lastTriggered: null }],
  calendar: [],
};

describe.each<PipelineKind>(['embedded', 'jetstream'])('Telegram alerts on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let fake: TelegramFake;
  let api: StaffTestApp;
  let notifier: Notifier;
  let telegram: NotifierTelegramRepository;
  let offsetMs = 0;
  let client = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  /** Each request from its own address (trusted proxy), so the flood limit stays out of the way but in its own test. */
  const from = () => `10.2.${Math.floor(++client / 250)}.${(client % 250) + 1}`;
  const requestLink = (body: unknown, ip = from()) => api.http().post('/api/alerts/telegram-link').set('X-Forwarded-For', ip).send(body as object);
  const link = async (alerts: AlertLists = ALERTS): Promise<{ url: string; code: string; expiresAt: string }> => {
    const body: TelegramLinkRequest = { visitorId: 'visitor-0123456789', preferences: PREFERENCES, alerts };
    const response = await requestLink(body);
    expect(response.status).toBe(201);
    const answer = response.body as TelegramLinkResponse;
    return { ...answer, code: new URL(answer.url).searchParams.get('start')! };
  };
  const eventsOf = async <T extends EventType>(type: T) =>
    (await pipeline.log.read(1, 100_000)).map((stored) => stored.event).filter((event): event is Extract<typeof event, { type: T }> => event.type === type);
  const bound = async (chatId: number, expected: boolean) =>
    waitFor(async () => (await telegram.boundChats()).includes(chatId) === expected, { timeoutMs: 15_000, message: `chat ${chatId} ${expected ? 'bound' : 'unbound'}` });
  const lastReply = async (chatId: number, count: number) => (await fake.waitForMessages(count, { chatId, timeoutMs: 15_000 }))[count - 1].text;
  const tick = (price: number) => {
    const now = clock();
    return pipeline.log.append(createEvent('price.ticked', { token: 'XSD', chain: 'Ethereum', price, observedAt: now.toISOString() }, { actor: SYSTEM, now }));
  };
  /** Until the notifier has judged the whole log and recorded every outcome. */
  const settled = async () => {
    const state = new NotifierStateRepository({ db: pipeline.db });
    await waitFor(
      async () => {
        const counts = await state.triggerCounts();
        return notifier.checkpoint >= (await pipeline.log.lastSequence()) && counts.unappended === 0 && counts.pending === 0;
      },
      { timeoutMs: 30_000, intervalMs: 50, message: 'the notifier to judge the log and record every delivery' },
    );
  };

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    fake = await startTelegramFake();
    const sender = TelegramSender.fromConfig({ botToken: fake.token, apiUrl: fake.url });
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      clock,
      http: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] },
      overrides: [{ provide: TELEGRAM_SENDER, useValue: sender }],
    });
    const metrics = new Metrics({ processMetrics: false });
    notifier = new Notifier(
      pipeline.db,
      pipeline.log,
      new NotifierStateRepository({ db: pipeline.db }),
      new WebPushSender(VAPID, metrics, { allowHosts: [], resolve: testResolver }),
      new PushDeliveryRecords(pipeline.log, clock),
      clock,
      metrics,
      { leadership: new ProjectorLeadership(pipeline.db, kind === 'embedded' ? 'pglite' : 'postgres', NOTIFIER_ROLE), telegram: sender },
    );
    await notifier.start();
    telegram = new NotifierTelegramRepository({ db: pipeline.db });
  }, 60_000);

  afterAll(async () => {
    await notifier?.stop();
    await api?.close();
    await fake?.close();
    await pipeline?.cleanup();
  });

  it('says Telegram is on, and answers a one-time t.me link for 10 minutes whose code the log keeps only as a hash', async () => {
    expect((await api.http().get('/api/alerts/telegram').expect(200)).body).toEqual({ enabled: true });
    const before = clock().getTime();
    const { url, code, expiresAt } = await link();
    expect(url).toBe(`https://t.me/${fake.botUsername}?start=${code}`);
    expect(code).toMatch(TELEGRAM_CODE_PATTERN);
    expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(TELEGRAM_LINK_TTL_MS - 1_000);
    expect(Date.parse(expiresAt) - before).toBeLessThanOrEqual(TELEGRAM_LINK_TTL_MS + 1_000);
    const created = (await eventsOf('telegram.link-created')).at(-1)!;
    expect(created.data).toMatchObject({ codeHash: createHash('sha256').update(code).digest('hex'), preferences: PREFERENCES, alerts: ALERTS, expiresAt });
    expect(JSON.stringify(created)).not.toContain(code);
    expect(JSON.stringify(created)).not.toContain(fake.token);

    // The browser's push subscription instead of a visitor id, as POST /api/push/subscriptions takes it.
    const subscription = { endpoint: 'https://push.example/telegram-1', keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) } };
    const withSubscription = await requestLink({ subscription, preferences: PREFERENCES, alerts: ALERTS });
    expect(withSubscription.status).toBe(201);
    expect((withSubscription.body as TelegramLinkResponse).url).toMatch(new RegExp(`^https://t\\.me/${fake.botUsername}\\?start=[A-Za-z0-9_-]{32}$`));
  });

  it('binds the chat that sends /start <code> (an event), lists its alerts on /alerts, and refuses the same code from another chat', async () => {
    const { code } = await link();
    fake.userSends(1001, `/start ${code}`);
    expect(await lastReply(1001, 1)).toBe(TELEGRAM_REPLIES.bound(2));
    await bound(1001, true);
    const binding = (await eventsOf('telegram.chat-bound')).find((event) => event.data.chatId === 1001)!;
    expect(binding.data).toMatchObject({ subscriptionId: telegramSubscriptionId(1001), chatId: 1001, preferences: PREFERENCES, alerts: ALERTS });

    fake.userSends(1001, '/alerts');
    expect(await lastReply(1001, 2)).toBe(['Alerts of this chat:', 'BankX on BSC below $0.500000 (off)', 'XSD on Ethereum above $1.050000', 'Silver below $0.9000 per gram'].join('\n'));

    // Single use: a second chat with the same code is refused and stays unbound.
    fake.userSends(1002, `/start ${code}`);
    expect(await lastReply(1002, 1)).toBe(TELEGRAM_REPLIES.invalidLink);
    expect(await telegram.boundChats()).not.toContain(1002);
    // The offset is kept: the bot confirmed every update it handled.
    await waitFor(async () => (await telegram.offset(7_000_000_001)) > 0 && fake.confirmedOffset > 0, { message: 'the offset to be kept' });
  });

  it('refuses a link after its 10 minutes', async () => {
    const { code } = await link();
    offsetMs += TELEGRAM_LINK_TTL_MS + 1_000;
    try {
      fake.userSends(1003, `/start ${code}`);
      expect(await lastReply(1003, 1)).toBe(TELEGRAM_REPLIES.invalidLink);
      expect(await telegram.boundChats()).not.toContain(1003);
    } finally {
      offsetMs -= TELEGRAM_LINK_TTL_MS + 1_000;
    }
  });

  it('sends a price crossing once to each bound chat with the push text; a chat that blocked the bot is unbound (an event); /stop unbinds', async () => {
    const { code: second } = await link();
    fake.userSends(1004, `/start ${second}`);
    await lastReply(1004, 1);
    const { code: third } = await link();
    fake.userSends(1005, `/start ${third}`);
    await lastReply(1005, 1);
    await bound(1005, true);
    fake.block(1005);

    const before = fake.messages().length;
    await tick(1.02);
    await tick(1.08);
    await settled();
    const text = 'XSD price alert\nXSD on Ethereum is $1.080000, above your $1.050000 alert.';
    expect(fake.messages(1001).filter((message) => message.text === text)).toHaveLength(1);
    expect(fake.messages(1004).filter((message) => message.text === text)).toHaveLength(1);
    expect(fake.messages(1005)).toHaveLength(1);
    expect(fake.calls().filter((call) => call.chatId === 1005 && call.outcome === 'blocked')).toHaveLength(1);
    await bound(1005, false);
    const unbound = await eventsOf('telegram.chat-unbound');
    expect(unbound.map((event) => event.data)).toEqual([{ subscriptionId: telegramSubscriptionId(1005), chatId: 1005, reason: 'blocked' }]);
    const deliveries = (await eventsOf('push.deliveries-recorded')).flatMap((event) => event.data.deliveries);
    expect(deliveries.map(({ subscriptionId, outcome, status }) => ({ subscriptionId, outcome, status })).sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId))).toEqual(
      [
        { subscriptionId: telegramSubscriptionId(1001), outcome: 'sent', status: 200 },
        { subscriptionId: telegramSubscriptionId(1004), outcome: 'sent', status: 200 },
        { subscriptionId: telegramSubscriptionId(1005), outcome: 'pruned', status: 403 },
      ].sort((a, b) => a.subscriptionId.localeCompare(b.subscriptionId)),
    );

    // Further ticks beyond the threshold: nothing more (the rule waits to re-arm, and the 15-minute gap).
    await tick(1.1);
    await settled();
    expect(fake.messages().length - before).toBe(2);

    fake.userSends(1004, '/stop');
    expect(await lastReply(1004, 3)).toBe(TELEGRAM_REPLIES.stopped);
    await bound(1004, false);
    expect((await eventsOf('telegram.chat-unbound')).map((event) => event.data).at(-1)).toEqual({ subscriptionId: telegramSubscriptionId(1004), chatId: 1004, reason: 'stopped' });
    fake.userSends(1004, '/alerts');
    expect(await lastReply(1004, 4)).toBe(TELEGRAM_REPLIES.notBound);
  });

  it('honours a 429 retry_after for the whole bot before sending again', async () => {
    fake.answerNext([{ retryAfter: 2 }]);
    fake.userSends(1006, '/alerts');
    expect(await lastReply(1006, 1)).toBe(TELEGRAM_REPLIES.notBound);
    const tries = fake.calls().filter((call) => call.chatId === 1006);
    expect(tries.map((call) => call.outcome)).toEqual(['throttled', 'sent']);
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(2_000 - 50);
  });

  it('sends breaking news that staff push to the bound chats that take system updates, once, with the push words', async () => {
    const withNews = await link();
    fake.userSends(1007, `/start ${withNews.code}`);
    await lastReply(1007, 1);
    const body: TelegramLinkRequest = { visitorId: 'visitor-0123456789', preferences: { ...PREFERENCES, systemUpdates: false }, alerts: ALERTS };
    const withoutNews = new URL(((await requestLink(body).expect(201)).body as TelegramLinkResponse).url).searchParams.get('start');
    fake.userSends(1008, `/start ${withoutNews}`);
    await lastReply(1008, 1);
    await bound(1008, true);

    const auth = { Authorization: `Bearer ${(await api.login(ROOT.email, ROOT.password)).token}` };
    const created = await api.http().post('/api/admin/news').set(auth).send({ title: 'Bridge upgrade', content: '<p>Bridges <b>pause</b> at 10:00.</p><p>Back by noon &amp; safe.</p>', notify_users: true }).expect(201);
    const newsId = (created.body as { item: { id: string } }).item.id;
    await api.http().post(`/api/admin/news/${newsId}/push`).set(auth).expect(200);
    const text = 'Bridge upgrade\nBridges pause at 10:00.\nBack by noon & safe.';
    await fake.waitForMessages(2, { chatId: 1007, timeoutMs: 15_000 });
    await settled();
    expect(fake.messages(1007).filter((message) => message.text === text)).toHaveLength(1);
    expect(fake.messages(1001).filter((message) => message.text === text)).toHaveLength(1);
    expect(fake.messages(1008).filter((message) => message.text === text)).toHaveLength(0);
    const triggered = (await eventsOf('push.alerts-triggered')).flatMap((event) => event.data.triggers).filter((trigger) => trigger.kind === 'news');
    expect(triggered.map((trigger) => trigger.subscriptionId).sort()).toEqual([telegramSubscriptionId(1001), telegramSubscriptionId(1007)].sort());
    expect(triggered[0]).toMatchObject({ alertId: newsId, urgency: 'high', payload: { title: 'Bridge upgrade', tag: `news-${newsId}` } });
  });

  it('refuses bad input with the JSON error shape and stores nothing', async () => {
    const count = async () => (await eventsOf('telegram.link-created')).length;
    const before = await count();
    const invalid = async (body: unknown, message: string) => {
      const response = await requestLink(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'invalid_telegram_link', message } });
    };
    await invalid({ preferences: PREFERENCES, alerts: ALERTS }, TELEGRAM_MESSAGES.invalid);
    await invalid({ visitorId: 'visitor-0123456789', subscription: { endpoint: 'https://push.example/1', keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } } }, TELEGRAM_MESSAGES.invalid);
    await invalid({ visitorId: 'short' }, 'visitor_id is too short');
    // The push subscriptions route's rule: no endpoint on an inward address.
    for (const endpoint of ['https://169.254.169.254/latest/meta-data/', 'https://[::ffff:10.0.0.1]/push/1', 'https://localhost/push/1']) {
      await invalid({ subscription: { endpoint, keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } } }, PUSH_ENDPOINT_INWARD_MESSAGE);
    }
    await invalid({ visitorId: 'visitor-0123456789', alerts: { token: 'all' } }, expect.any(String) as unknown as string);
    await invalid([ALERTS], expect.any(String) as unknown as string);
    const raw = await api.http().post('/api/alerts/telegram-link').set('content-type', 'application/json').send('{"visitorId":');
    expect(raw.status).toBe(400);
    expect(raw.body.error.code).toEqual(expect.any(String));
    expect(await count()).toBe(before);
  });

  it(`limits each client to ${TELEGRAM_LINK_FLOOD_LIMIT.limit} links per window`, async () => {
    const ip = from();
    const body = { visitorId: 'visitor-0123456789', alerts: ALERTS };
    for (let index = 0; index < TELEGRAM_LINK_FLOOD_LIMIT.limit; index += 1) expect((await requestLink(body, ip)).status).toBe(201);
    const refused = await requestLink(body, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: TELEGRAM_MESSAGES.tooManyRequests } });
    // Another client is not held back.
    expect((await requestLink(body)).status).toBe(201);
  });
});

describe('without XSD_TELEGRAM_BOT_TOKEN', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {});
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('says Telegram is off and refuses links with the JSON error shape', async () => {
    expect((await api.http().get('/api/alerts/telegram').expect(200)).body).toEqual({ enabled: false });
    const response = await api.http().post('/api/alerts/telegram-link').send({ visitorId: 'visitor-0123456789' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'telegram_disabled', message: TELEGRAM_MESSAGES.disabled } });
    expect((await pipeline.log.read(1, 1_000)).filter((stored) => stored.event.type === 'telegram.link-created')).toEqual([]);
  });
});

describe('the fan-out of one price crossing to 200 bound chats', () => {
  const CHATS = 200;
  let pipeline: Pipeline;
  let fake: TelegramFake;
  let notifier: Notifier;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    fake = await startTelegramFake();
    const metrics = new Metrics({ processMetrics: false });
    const clock = () => new Date();
    notifier = new Notifier(
      pipeline.db,
      pipeline.log,
      new NotifierStateRepository({ db: pipeline.db }),
      new WebPushSender(VAPID, metrics, { allowHosts: [], resolve: testResolver }),
      new PushDeliveryRecords(pipeline.log, clock),
      clock,
      metrics,
      { telegram: TelegramSender.fromConfig({ botToken: fake.token, apiUrl: fake.url }) },
    );
    await notifier.start();
  }, 60_000);

  afterAll(async () => {
    await notifier?.stop();
    await fake?.close();
    await pipeline?.cleanup();
  });

  it('reaches every chat once and stays under the Bot API limit of 30 messages per second in every second', { timeout: 60_000 }, async () => {
    const now = new Date();
    const chats = Array.from({ length: CHATS }, (_, index) => 50_000 + index);
    await pipeline.log.appendMany(
      chats.map((chatId, index) =>
        createEvent(
          'telegram.chat-bound',
          {
            subscriptionId: telegramSubscriptionId(chatId),
            chatId,
            linkId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
            preferences: PREFERENCES,
            alerts: { token: [{ id: 'up', token: 'XSD', chain: 'Base', condition: 'above', price: 1, enabled: true, lastTriggered: null }], silver: [], calendar: [] },
          },
          { actor: { kind: 'visitor', id: null }, now },
        ),
      ),
    );
    await pipeline.log.append(createEvent('price.ticked', { token: 'XSD', chain: 'Base', price: 1.2, observedAt: now.toISOString() }, { actor: SYSTEM, now }));
    const messages = await fake.waitForMessages(CHATS, { timeoutMs: 45_000 });
    expect(new Set(messages.map((message) => message.chatId))).toEqual(new Set(chats));
    const times = messages.map((message) => message.at).sort((a, b) => a - b);
    const perSecond = ((CHATS - 1) * 1_000) / (times.at(-1)! - times[0]);
    let busiest = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end] - times[start] >= 1_000) start += 1;
      busiest = Math.max(busiest, end - start + 1);
    }
    console.log(`Telegram fan-out: ${CHATS} chats at ${perSecond.toFixed(1)} messages/s overall, at most ${busiest} in any second (Bot API limit: 30/s)`);
    expect(perSecond).toBeLessThan(30);
    expect(busiest).toBeLessThanOrEqual(30);
    expect(perSecond).toBeGreaterThan(15);
  });
});
