import { SITE_LINKS_SUBJECT } from '@xsd/contracts';
import type { ActivityResponse } from '@xsd/contracts/api/admin-activity';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { communityLinkMessage, COMMUNITY_LINKS_BODY_MESSAGE, unknownCommunityLinkMessage } from '@xsd/contracts/api/community-links';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

describe.each<PipelineKind>(['embedded', 'jetstream'])('community links through PATCH /api/admin/site/links on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let rootId: string;
  let now = T0;
  const patch = (body: unknown, headers = auth) => api.http().patch('/api/admin/site/links').set(headers).send(body as object);
  const site = async () => (await api.http().get('/api/site').expect(200)).body as SiteSettings;
  const events = () => pipeline.log.readSubject(SITE_LINKS_SUBJECT);
  const signInAs = async (role: 'admin' | 'calendar_access') => {
    const created = (await api.http().post('/api/admin/users').set(auth).send({ email: `${role}-${kind}@silverboard.test`, role }).expect(201))
      .body as CreateStaffAccountResponse;
    const { token } = await api.login(created.user.email, created.password);
    return { Authorization: `Bearer ${token}` };
  };

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
    const { token, user } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    rootId = user.id;
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('GET /api/site names no link before staff set one (clients show their build-time seeds)', async () => {
    expect((await site()).community_links).toEqual({});
  });

  it('setting links answers them, already on GET /api/site, from an event naming the staff member and the change', async () => {
    const response = await patch({ shop: 'https://store.example/xsd', community_chat: ' https://t.me/xsd_community ' }).expect(200);
    expect(response.body.community_links).toEqual({ shop: 'https://store.example/xsd', community_chat: 'https://t.me/xsd_community' });
    expect(response.body.maintenance_mode).toBe(false);
    expect((await site()).community_links).toEqual(response.body.community_links);
    const [stored] = await events();
    expect(stored.event).toMatchObject({
      type: 'site.links-changed',
      actor: { kind: 'staff', id: rootId, email: ROOT.email },
      occurredAt: new Date(T0).toISOString(),
      data: { links: { shop: 'https://store.example/xsd', community_chat: 'https://t.me/xsd_community' }, previous: { shop: null, community_chat: null } },
    });
  });

  it('changes only the links sent; an empty text clears one; the same values again append nothing', async () => {
    now += 60_000;
    await patch({ shop: '', youtube: 'https://www.youtube.com/@xsd' }).expect(200);
    expect((await site()).community_links).toEqual({ shop: null, community_chat: 'https://t.me/xsd_community', youtube: 'https://www.youtube.com/@xsd' });
    expect((await events()).at(-1)!.event.data).toEqual({ links: { shop: null, youtube: 'https://www.youtube.com/@xsd' }, previous: { shop: 'https://store.example/xsd', youtube: null } });
    const before = await pipeline.log.subjectSequence(SITE_LINKS_SUBJECT);
    await patch({ shop: null, youtube: 'https://www.youtube.com/@xsd' }).expect(200);
    await patch({}).expect(200);
    expect(await pipeline.log.subjectSequence(SITE_LINKS_SUBJECT)).toBe(before);
  });

  it('refuses anything but https addresses, unknown links and bodies that are not objects, with clear messages and nothing changed', async () => {
    const before = await pipeline.log.subjectSequence(SITE_LINKS_SUBJECT);
    const refused: [unknown, string][] = [
      [{ shop: 'http://store.example' }, communityLinkMessage('shop')],
      [{ x: 'javascript:alert(1)' }, communityLinkMessage('x')],
      [{ github: 'https://user:secret@github.com/BankXio' }, communityLinkMessage('github')],
      [{ contact_chat: 'not a url' }, communityLinkMessage('contact_chat')],
      [{ youtube: 'https://' }, communityLinkMessage('youtube')],
      [{ x_ceo: `https://x.com/${'a'.repeat(600)}` }, communityLinkMessage('x_ceo')],
      [{ support_chat: 42 }, communityLinkMessage('support_chat')],
      [{ discord: 'https://discord.gg/xsd' }, unknownCommunityLinkMessage(['discord'])],
      [['https://t.me/xsd'], COMMUNITY_LINKS_BODY_MESSAGE],
    ];
    for (const [body, message] of refused) {
      const response = await patch(body).expect(400);
      expect(response.body.error).toEqual({ code: 'invalid_community_links', message });
    }
    expect(communityLinkMessage('shop')).toMatch(/^shop must be an https:\/\/ address/);
    expect(await pipeline.log.subjectSequence(SITE_LINKS_SUBJECT)).toBe(before);
    expect((await site()).community_links?.youtube).toBe('https://www.youtube.com/@xsd');
  });

  it('admins may change the links; calendar managers and visitors may not', async () => {
    now += 60_000;
    const admin = await signInAs('admin');
    await patch({ x: 'https://x.com/xsd' }, admin).expect(200);
    const calendar = await signInAs('calendar_access');
    await patch({ x: 'https://x.com/other' }, calendar).expect(403);
    await api.http().patch('/api/admin/site/links').send({ x: 'https://x.com/other' }).expect(401);
    expect((await site()).community_links?.x).toBe('https://x.com/xsd');
  });

  it('shows every change in the activity log, with who made it and the links before and after', async () => {
    const { items } = (await api.http().get('/api/admin/activity?action=site.links-changed').set(auth).expect(200)).body as ActivityResponse;
    const changes = items.filter((item) => item.action === 'site.links-changed');
    expect(changes).toHaveLength(3);
    expect(changes[0]).toMatchObject({
      actor: { kind: 'staff', email: `admin-${kind}@silverboard.test` },
      target: { kind: 'site', id: 'community-links', label: 'Community links' },
      before: { x: null },
      after: { x: 'https://x.com/xsd' },
    });
    expect(changes[2]).toMatchObject({ actor: { id: rootId }, after: { shop: 'https://store.example/xsd' } });
  });
});
