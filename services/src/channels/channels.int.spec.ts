import type { ActivityEntry } from '@xsd/contracts/api/admin-activity';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { Channel, CreateChannelResponse } from '@xsd/contracts/api/admin-channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_POLICY } from '../outbound/outbound.module.js';
import { FORBIDDEN_TARGETS, testResolver } from '../outbound/forbidden-targets.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';

const HOOK = 'https://public.test/hooks/ops';
const DISCORD = 'https://public.test/api/webhooks/1234567890/discord-token-secret';

describe('/api/admin/channels (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let root: Record<string, string>;
  const as = new Map<string, Record<string, string>>();

  async function signedIn(role: 'admin' | 'calendar_access'): Promise<Record<string, string>> {
    const email = `${role}-${crypto.randomUUID()}@silverboard.test`;
    const created = (await api.http().post('/api/admin/users').set(root).send({ email, role }).expect(201)).body as CreateStaffAccountResponse;
    return { Authorization: `Bearer ${(await api.login(email, created.password)).token}` };
  }

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      overrides: [{ provide: OUTBOUND_POLICY, useValue: { allowHosts: [], resolve: testResolver } }],
    });
    root = { Authorization: `Bearer ${(await api.login(ROOT.email, ROOT.password)).token}` };
    as.set('admin', await signedIn('admin'));
    as.set('calendar_access', await signedIn('calendar_access'));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('creates a webhook channel and shows its whsec_ secret once, never again', async () => {
    const created = await api.http().post('/api/admin/channels').set(as.get('admin')!).send({
      kind: 'webhook',
      name: 'Ops hook',
      url_or_chat: HOOK,
      events: ['maintenance', 'breaking_news', 'maintenance'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const body = created.body as CreateChannelResponse;
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body.item).toMatchObject({ kind: 'webhook', name: 'Ops hook', url_or_chat: HOOK, events: ['breaking_news', 'maintenance'], paused: false, deliveries: [] });
    const listed = await api.http().get('/api/admin/channels').set(root).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(body.secret!.slice(6));
    expect((listed.body.items as Channel[]).map((c) => c.id)).toContain(body.item.id);
  });

  it('masks a Discord URL token, and saves a Telegram chat id or @channel without a secret', async () => {
    const discord = await api.http().post('/api/admin/channels').set(root).send({ kind: 'discord', name: 'Discord', url_or_chat: DISCORD, events: ['price_alerts'] }).expect(201);
    expect(discord.body.secret).toBeNull();
    expect(discord.body.item.url_or_chat).toBe('https://public.test/api/webhooks/1234567890/••••••');
    for (const chat of ['-1001234567890', '@xsd_community']) {
      const telegram = await api.http().post('/api/admin/channels').set(root).send({ kind: 'telegram', name: 'TG', url_or_chat: chat, events: ['maintenance'] }).expect(201);
      expect(telegram.body).toMatchObject({ secret: null, item: { kind: 'telegram', url_or_chat: chat } });
    }
  });

  it(`refuses each of the ${FORBIDDEN_TARGETS.length} forbidden targets when saved, with a JSON 400 and nothing stored`, async () => {
    const before = (await api.http().get('/api/admin/channels').set(root).expect(200)).body.items.length;
    for (const url of FORBIDDEN_TARGETS) {
      for (const kind of ['webhook', 'discord'] as const) {
        const response = await api.http().post('/api/admin/channels').set(root).send({ kind, name: 'Inward', url_or_chat: url, events: ['maintenance'] });
        expect(response.status, `${kind} ${url}`).toBe(400);
        expect(response.body, url).toEqual({ error: { code: 'invalid_channel_request', message: expect.stringMatching(/^URL must be an https address on the public internet/) } });
      }
    }
    expect((await api.http().get('/api/admin/channels').set(root).expect(200)).body.items.length).toBe(before);
  });

  it('refuses an edit that turns a channel inward, and keeps the old address', async () => {
    const { id } = (await api.http().post('/api/admin/channels').set(root).send({ kind: 'webhook', name: 'Edit me', url_or_chat: HOOK, events: ['maintenance'] }).expect(201)).body.item;
    for (const url of ['https://169.254.169.254/latest/meta-data/', 'https://inward.test/x', 'https://[::ffff:127.0.0.1]/x']) {
      const response = await api.http().patch(`/api/admin/channels/${id}`).set(root).send({ url_or_chat: url });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_channel_request');
    }
    const renamed = await api.http().patch(`/api/admin/channels/${id}`).set(root).send({ name: 'Edited', events: ['breaking_news'], paused: true }).expect(200);
    expect(renamed.body.item).toMatchObject({ name: 'Edited', url_or_chat: HOOK, events: ['breaking_news'], paused: true, paused_reason: 'Paused by staff' });
    const resumed = await api.http().patch(`/api/admin/channels/${id}`).set(root).send({ paused: false }).expect(200);
    expect(resumed.body.item).toMatchObject({ paused: false, paused_reason: null });
    await api.http().delete(`/api/admin/channels/${id}`).set(root).expect(200, { deleted: id });
    await api.http().delete(`/api/admin/channels/${id}`).set(root).expect(404);
  });

  it('answers bad input with JSON 4xx errors, never a 5xx', async () => {
    const bad: readonly unknown[] = [
      {},
      { kind: 'slack', name: 'x', url_or_chat: HOOK, events: ['maintenance'] },
      { kind: 'webhook', name: '', url_or_chat: HOOK, events: ['maintenance'] },
      { kind: 'webhook', name: 'x', url_or_chat: HOOK, events: [] },
      { kind: 'webhook', name: 'x', url_or_chat: HOOK, events: ['weather'] },
      { kind: 'webhook', name: 'x', url_or_chat: 'not a url', events: ['maintenance'] },
      { kind: 'telegram', name: 'x', url_or_chat: 'https://t.me/x', events: ['maintenance'] },
      { kind: 'telegram', name: 'x', url_or_chat: '@ab', events: ['maintenance'] },
      { kind: 'webhook', name: 'x'.repeat(101), url_or_chat: HOOK, events: ['maintenance'] },
      { kind: 'webhook', name: 'x', url_or_chat: `https://public.test/${'a'.repeat(2000)}`, events: ['maintenance'] },
      [],
      'text',
    ];
    for (const body of bad) {
      const response = await api.http().post('/api/admin/channels').set(root).send(body as object);
      // A body that is no JSON object is refused before the schema (415); every other is the schema's 400.
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(body === 'text' ? 415 : 400);
      expect(response.body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    await api.http().patch('/api/admin/channels/not-a-uuid').set(root).send({ name: 'x' }).expect(404);
    await api.http().patch(`/api/admin/channels/${crypto.randomUUID()}`).set(root).send({ name: 'x' }).expect(404);
    const { id } = (await api.http().post('/api/admin/channels').set(root).send({ kind: 'telegram', name: 'TG', url_or_chat: '-100123', events: ['maintenance'] }).expect(201)).body.item;
    await api.http().patch(`/api/admin/channels/${id}`).set(root).send({}).expect(400);
    await api.http().patch(`/api/admin/channels/${id}`).set(root).send({ url_or_chat: 'https://public.test/x' }).expect(400);
    await api.http().patch(`/api/admin/channels/${id}`).set(root).send({ paused: 'yes' }).expect(400);
  });

  it('checks roles on the server: admins and super admins only', async () => {
    const body = { kind: 'telegram', name: 'TG', url_or_chat: '-1001', events: ['maintenance'] };
    await api.http().get('/api/admin/channels').set(as.get('calendar_access')!).expect(403);
    await api.http().post('/api/admin/channels').set(as.get('calendar_access')!).send(body).expect(403);
    await api.http().get('/api/admin/channels').expect(401);
    await api.http().post('/api/admin/channels').send(body).expect(401);
    await api.http().get('/api/admin/channels').set(as.get('admin')!).expect(200);
  });

  it('records every change in the activity log with its actor, never the secret or a Discord token', async () => {
    const activity = await api.http().get('/api/admin/activity?limit=500').set(root).expect(200);
    const entries = activity.body.items as ActivityEntry[];
    const channelEntries = entries.filter((entry) => entry.action.startsWith('channel.'));
    expect(new Set(channelEntries.map((entry) => entry.action))).toEqual(new Set(['channel.created', 'channel.updated', 'channel.paused', 'channel.resumed', 'channel.deleted']));
    expect(channelEntries.every((entry) => entry.target.kind === 'channel' && entry.actor.kind === 'staff' && entry.actor.email !== null)).toBe(true);
    const text = JSON.stringify(channelEntries);
    expect(text).not.toContain('whsec_');
    expect(text).not.toContain('discord-token-secret');
  });
});
