import { createEvent } from '@xsd/contracts';
import type { CreateChannelResponse } from '@xsd/contracts/api/admin-channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_TARGETS, testResolver } from '../../outbound/forbidden-targets.js';
import { OUTBOUND_POLICY } from '../../outbound/outbound.module.js';
import type { OutboundPolicy } from '../../outbound/safe-url.js';
import { ChannelDeliveriesRepository } from '../../read-models/channels/channel-deliveries.repository.js';
import { ChannelsRepository } from '../../read-models/channels/channels.repository.js';
import { type ChannelReceiver, startChannelReceiver } from '../../testing/channel-receiver.js';
import { openPipeline, type Pipeline } from '../../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../../testing/staff-test-app.js';
import { waitFor } from '../../testing/wait-for.js';
import { ChannelRelay } from './channel-relay.js';
import { startTelegramFake, type TelegramFake } from '../../testing/telegram-fake.js';
import { TelegramSender } from '../../telegram/telegram-sender.js';
import { type ChannelTransports, discordTransport, telegramTransport, webhookTransport } from './channel-transport.js';

const T0 = Date.now();

describe('community channel delivery (embedded pipeline, loopback HTTPS receiver)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let receiver: ChannelReceiver;
  let telegram: TelegramFake;
  let root: Record<string, string>;
  let now = T0;
  let relay: ChannelRelay;
  let deliveries: ChannelDeliveriesRepository;
  let channels: ChannelsRepository;
  /** The tests' names: `rebind.test` is public when saved and loopback later (DNS rebinding). */
  const hosts = new Map<string, string>([['rebind.test', '93.184.215.14']]);
  const policy: OutboundPolicy = {
    allowHosts: ['localhost'],
    resolve: async (host) => (hosts.has(host) ? [{ address: hosts.get(host)!, family: 4 }] : testResolver(host)),
  };
  let transports: ChannelTransports;

  const clock = () => new Date(now);
  const newRelay = () => new ChannelRelay(pipeline.db, pipeline.log, deliveries, transports, clock, { pollMs: 50, siteUrl: 'https://silverboard.example/' });
  const create = async (body: object) => (await api.http().post('/api/admin/channels').set(root).send(body).expect(201)).body as CreateChannelResponse;
  const caughtUp = async () => relay.reached(await pipeline.log.lastSequence());

  beforeAll(async () => {
    receiver = await startChannelReceiver({ now: () => now });
    telegram = await startTelegramFake();
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock, overrides: [{ provide: OUTBOUND_POLICY, useValue: policy }] });
    root = { Authorization: `Bearer ${(await api.login(ROOT.email, ROOT.password)).token}` };
    deliveries = new ChannelDeliveriesRepository({ db: pipeline.db });
    channels = new ChannelsRepository({ db: pipeline.db });
    transports = {
      webhook: webhookTransport({ policy, ca: receiver.caPem }),
      discord: discordTransport({ policy, ca: receiver.caPem }),
      telegram: telegramTransport(TelegramSender.fromConfig({ botToken: telegram.token, apiUrl: telegram.url })),
    };
    relay = newRelay();
    await relay.start();
  }, 120_000);

  afterAll(async () => {
    await relay?.stop();
    await api?.close();
    await pipeline?.cleanup();
    await receiver?.close();
    await telegram?.close();
  });

  it('sends breaking news and maintenance once to every subscribed channel: signed webhooks, Discord embeds, Telegram chats', async () => {
    const webhookSecretPath = '/hooks/ops';
    const hookChannel = await create({ kind: 'webhook', name: 'Ops', url_or_chat: `${receiver.origin}/pending`, events: ['breaking_news', 'maintenance'] });
    // The secret exists only once created: point the channel at a path that checks it.
    await api.http().patch(`/api/admin/channels/${hookChannel.item.id}`).set(root).send({ url_or_chat: receiver.webhook(webhookSecretPath, hookChannel.secret!) }).expect(200);
    await create({ kind: 'discord', name: 'Discord', url_or_chat: receiver.discord('/api/webhooks/1/token'), events: ['breaking_news'] });
    await create({ kind: 'telegram', name: 'TG', url_or_chat: '-1001234567890', events: ['maintenance'] });

    const news = await api.http().post('/api/admin/news').set(root).send({ title: 'XSD v2 launch', content: '<p>Read <b>all</b> about it</p>', notify_users: true }).expect(201);
    await api.http().post(`/api/admin/news/${news.body.item.id}/push`).set(root).send({});
    await api.http().put('/api/admin/site').set(root).send({ maintenance_mode: true, maintenance_message: 'Upgrading nodes' }).expect(200);
    await api.http().put('/api/admin/site').set(root).send({ maintenance_mode: false }).expect(200);
    await caughtUp();
    await waitFor(() => receiver.received().length >= 4, { timeoutMs: 10_000, message: 'four deliveries' });
    const chat = await telegram.waitForMessages(2, { chatId: -1001234567890 });

    const hook = receiver.received(webhookSecretPath);
    expect(hook.map((d) => d.problems)).toEqual([[], [], []]);
    expect(hook.map((d) => (d.body as { type: string }).type)).toEqual(['breaking_news', 'maintenance', 'maintenance']);
    expect(hook[0].body).toEqual({
      type: 'breaking_news',
      timestamp: expect.any(String),
      data: { title: 'XSD v2 launch', text: 'Read all about it', url: 'https://silverboard.example/' },
    });
    expect(new Set(hook.map((d) => d.headers['webhook-id'])).size).toBe(3);
    const discord = receiver.received('/api/webhooks/1/token');
    expect(discord).toHaveLength(1);
    expect(discord[0].problems).toEqual([]);
    expect(discord[0].body).toMatchObject({ embeds: [{ title: 'XSD v2 launch', description: 'Read all about it', url: 'https://silverboard.example/' }] });

    // The group chat gets the maintenance messages as text, through the Bot API's sendMessage.
    expect(chat).toHaveLength(2);
    expect(chat.map((m) => m.text.split('\n')[0])).toEqual([expect.stringMatching(/^Maintenance started/), 'Maintenance ended']);
    expect(chat[0].text).toContain('Upgrading nodes');
    expect(telegram.messages()).toHaveLength(2);
    await waitFor(async () => (await channels.all()).find((c) => c.kind === 'telegram')!.deliveries.every((d) => d.status === 'delivered'), {
      message: 'the telegram deliveries to be recorded as delivered',
    });
    const ops = (await channels.all()).find((c) => c.id === hookChannel.item.id)!;
    expect(ops.deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('survives a restart: nothing is sent twice, and what happened meanwhile is sent once', async () => {
    const before = receiver.received().length;
    await relay.stop();
    await api.http().put('/api/admin/site').set(root).send({ maintenance_mode: true }).expect(200);
    relay = newRelay();
    await relay.start();
    await caughtUp();
    await waitFor(() => receiver.received().length === before + 1, { message: 'the one new delivery' });
    await relay.stop();
    relay = newRelay();
    await relay.start();
    await caughtUp();
    relay.wake();
    expect(receiver.received().length).toBe(before + 1);
    await api.http().put('/api/admin/site').set(root).send({ maintenance_mode: false }).expect(200);
  });

  it('retries with back-off, 5 tries over 24 h, then pauses the channel with the reason shown', async () => {
    const created = await create({ kind: 'discord', name: 'Flaky', url_or_chat: receiver.discord('/api/webhooks/2/flaky'), events: ['breaking_news'] });
    receiver.respond('/api/webhooks/2/flaky', Array.from({ length: 5 }, () => ({ status: 500 })));
    await api.http().post('/api/admin/news').set(root).send({ title: 'Flaky news', content: 'x', notify_users: true }).expect(201);
    await caughtUp();
    const start = now;
    const tries = () => receiver.received('/api/webhooks/2/flaky').length;
    await waitFor(() => tries() === 1, { message: 'the first try' });
    // 1 min, then 8 min, then 64 min after each failure; the fifth 24 h after the first.
    for (const [attempt, wait] of [
      [2, 60_000],
      [3, 8 * 60_000],
      [4, 64 * 60_000],
    ] as const) {
      // The failed try is recorded (its next try timed from the clock then) before the clock moves.
      await waitFor(async () => (await channels.byId(created.item.id))!.deliveries[0].attempts === attempt - 1);
      const row = await pipeline.db.selectFrom('channel_deliveries').select('next_attempt_at').where('channel_id', '=', created.item.id).executeTakeFirstOrThrow();
      expect(row.next_attempt_at.getTime() - now).toBe(wait);
      expect(tries()).toBe(attempt - 1);
      now += wait + 100;
      relay.wake();
      await waitFor(() => tries() === attempt, { message: `try ${attempt}` });
    }
    await waitFor(async () => (await channels.byId(created.item.id))!.deliveries[0].attempts === 4);
    const last = await pipeline.db.selectFrom('channel_deliveries').select(['next_attempt_at', 'created_at']).where('channel_id', '=', created.item.id).executeTakeFirstOrThrow();
    expect(last.next_attempt_at.getTime() - last.created_at.getTime()).toBe(24 * 3600_000);
    now = start + 24 * 3600_000 + 100;
    relay.wake();
    await waitFor(() => tries() === 5, { message: 'the last try' });
    await waitFor(async () => (await channels.byId(created.item.id))!.paused, { message: 'the channel to be paused' });
    const paused = (await channels.byId(created.item.id))!;
    expect(paused.paused_reason).toBe('Failing for 24 h: HTTP 500');
    expect(paused.deliveries[0]).toMatchObject({ status: 'failed', attempts: 5, last_status: 500, last_error: 'HTTP 500' });
    const activity = await api.http().get('/api/admin/activity?limit=50').set(root).expect(200);
    expect(activity.body.items).toContainEqual(
      expect.objectContaining({ action: 'channel.paused', actor: expect.objectContaining({ kind: 'system', id: 'notifier' }) }),
    );
  });

  it(`refuses each of the ${FORBIDDEN_TARGETS.length} forbidden targets again at delivery, a name rebound to loopback, and a redirect inward`, async () => {
    const message = { event: 'maintenance' as const, title: 't', text: 'x', url: null, occurredAt: new Date(now).toISOString() };
    const strict: OutboundPolicy = { allowHosts: [], resolve: policy.resolve };
    for (const kind of ['webhook', 'discord'] as const) {
      const transport = kind === 'webhook' ? webhookTransport({ policy: strict, ca: receiver.caPem }) : discordTransport({ policy: strict, ca: receiver.caPem });
      for (const url of FORBIDDEN_TARGETS) {
        const outcome = await transport.deliver({ id: crypto.randomUUID(), kind, name: 'x', url_or_chat: url, secret: 'whsec_c2VjcmV0' }, { id: crypto.randomUUID(), message }, new Date(now));
        expect(outcome, url).toEqual({ ok: false, status: null, error: expect.stringMatching(/^URL must be an https address on the public internet \(/) });
      }
    }
    // Saved while public; by delivery the name answers loopback.
    const port = new URL(receiver.origin).port;
    const rebound = await create({ kind: 'discord', name: 'Rebound', url_or_chat: `https://rebind.test:${port}/api/webhooks/3/rebind`, events: ['maintenance'] });
    hosts.set('rebind.test', '127.0.0.1');
    // A receiver that answers 302 to a private address.
    receiver.discord('/api/webhooks/4/redirect');
    receiver.respond('/api/webhooks/4/redirect', [{ status: 302, location: `https://127.0.0.1:${port}/api/webhooks/5/inside` }]);
    receiver.discord('/api/webhooks/5/inside');
    const redirecting = await create({ kind: 'discord', name: 'Redirect', url_or_chat: `${receiver.origin}/api/webhooks/4/redirect`, events: ['maintenance'] });
    await api.http().put('/api/admin/site').set(root).send({ maintenance_mode: true }).expect(200);
    await caughtUp();
    await waitFor(async () => (await channels.byId(rebound.item.id))!.deliveries[0]?.attempts === 1, { message: 'the rebound try' });
    await waitFor(async () => (await channels.byId(redirecting.item.id))!.deliveries[0]?.attempts === 1, { message: 'the redirected try' });
    expect((await channels.byId(rebound.item.id))!.deliveries[0].last_error).toBe(
      'URL must be an https address on the public internet (rebind.test is 127.0.0.1, loopback)',
    );
    expect(receiver.received('/api/webhooks/3/rebind')).toEqual([]);
    expect((await channels.byId(redirecting.item.id))!.deliveries[0]).toMatchObject({ status: 'pending', last_status: 302, last_error: 'HTTP 302: redirects are not followed' });
    expect(receiver.received('/api/webhooks/5/inside')).toEqual([]);
  });

  it('sends price alerts when XSD changes peg tier on a chain, once per change', async () => {
    const made = await create({ kind: 'discord', name: 'Peg', url_or_chat: receiver.discord('/api/webhooks/6/peg'), events: ['price_alerts'] });
    const actor = { kind: 'system', id: 'ingestor' } as const;
    const tick = (type: 'silver' | 'xsd', price: number) => {
      now += 1_000;
      const at = new Date(now);
      return pipeline.log.append(
        type === 'silver'
          ? createEvent('silver.ticked', { pricePerGram: price, pricePerOunce: price * 31.1034768, observedAt: at.toISOString() }, { actor, now: at })
          : createEvent('price.ticked', { token: 'XSD', chain: 'Polygon', price, observedAt: at.toISOString() }, { actor, now: at }),
      );
    };
    await tick('silver', 1.0);
    await tick('xsd', 1.002); // first reading: sets the mark, sends nothing
    await tick('xsd', 1.004); // still on peg
    await tick('xsd', 1.03); // slight deviation
    await tick('xsd', 1.031); // still slight
    await tick('xsd', 1.2); // off peg
    await tick('xsd', 0.999); // back on peg
    await tick('xsd', 2.0); // over 50 % off: a data problem, not a peg signal
    await caughtUp();
    await waitFor(() => receiver.received('/api/webhooks/6/peg').length === 3, { message: 'three peg changes' });
    const titles = receiver.received('/api/webhooks/6/peg').map((d) => (d.body as { embeds: { title: string }[] }).embeds[0].title);
    expect(titles).toEqual(['XSD on Polygon: Slight deviation', 'XSD on Polygon: Off peg', 'XSD on Polygon: On peg']);
    expect(receiver.received('/api/webhooks/6/peg').every((d) => d.problems.length === 0)).toBe(true);
    await api.http().delete(`/api/admin/channels/${made.item.id}`).set(root).expect(200);
  });

  it('measures the fan-out: one message to many webhook channels', async () => {
    const count = 40;
    for (let i = 0; i < count; i += 1) {
      const made = await create({ kind: 'webhook', name: `Fan ${i}`, url_or_chat: `${receiver.origin}/pending`, events: ['breaking_news'] });
      await api.http().patch(`/api/admin/channels/${made.item.id}`).set(root).send({ url_or_chat: receiver.webhook(`/fan/${i}`, made.secret!) }).expect(200);
    }
    const fan = () => receiver.received().filter((d) => d.path.startsWith('/fan/'));
    const started = performance.now();
    for (let round = 0; round < 5; round += 1) {
      await api.http().post('/api/admin/news').set(root).send({ title: `Fan-out ${round}`, content: 'x', notify_users: true }).expect(201);
    }
    await caughtUp();
    await waitFor(() => fan().length === count * 5, { timeoutMs: 30_000, message: 'every fan-out delivery' });
    const seconds = (performance.now() - started) / 1000;
    expect(fan().every((d) => d.problems.length === 0)).toBe(true);
    console.log(`channel fan-out: ${count * 5} signed webhook deliveries in ${seconds.toFixed(2)} s = ${((count * 5) / seconds).toFixed(0)} messages/s (concurrency 32, loopback HTTPS, a new TLS connection each)`);
  });

  it('forgets finished deliveries after 30 days, so the table stays bounded', async () => {
    const finishedBefore = async (cutoff: number) =>
      (await pipeline.db.selectFrom('channel_deliveries').select('delivery_id').where('status', '!=', 'pending').where('created_at', '<', new Date(cutoff)).execute()).length;
    expect(await finishedBefore(now + 1)).toBeGreaterThan(0);
    const moved = now;
    now += 31 * 24 * 3600_000;
    // Pruned once an hour of the clock: each check moves it an hour on (a retry may finish a row meanwhile).
    await waitFor(
      async () => {
        now += 3600_000;
        relay.wake();
        return (await finishedBefore(moved + 1)) === 0;
      },
      { intervalMs: 100, message: 'the old deliveries to be forgotten' },
    );
  });
});
