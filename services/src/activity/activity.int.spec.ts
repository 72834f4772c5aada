import type { ActivityResponse } from '@xsd/contracts/api/admin-activity';
import type { AdminNewsItemResponse } from '@xsd/contracts/api/admin-news';
import type { CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import type { DashboardPreferences } from '@xsd/contracts/api/preferences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { tableChecksum } from '../testing/table-checksum.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

describe.each<PipelineKind>(['embedded', 'jetstream'])('activity log, overview and preferences on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let rootId: string;
  let now = T0;
  let closed = false;
  let newsId: string;
  let apiKey: string;

  const activity = async (query = '') => (await api.http().get(`/api/admin/activity${query}`).set(auth).expect(200)).body as ActivityResponse;

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
    const { token, user } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    rootId = user.id;

    // A few staff actions to read back.
    now += 1000;
    newsId = ((await api.http().post('/api/admin/news').set(auth).send({ title: 'Upgrade', content: 'Tonight' }).expect(201)).body as AdminNewsItemResponse).item.id;
    now += 1000;
    await api.http().patch(`/api/admin/news/${newsId}`).set(auth).send({ priority: 5 }).expect(200);
    now += 1000;
    await api.http().put('/api/admin/site').set(auth).send({ maintenance_mode: true, maintenance_message: 'Back soon' }).expect(200);
    now += 1000;
    await api.http().patch('/api/admin/chains/Base').set(auth).send({ is_active: false }).expect(200);
    now += 1000;
    apiKey = ((await api.http().post('/api/admin/api-keys').set(auth).send({ name: 'Web Push Notifications' }).expect(201)).body as CreateApiKeyResponse).key;
    now += 1000;
    await api.http().post('/api/admin/users').set(auth).send({ email: 'cal@silverboard.test', role: 'calendar_access' }).expect(201);
  }, 60_000);

  afterAll(async () => {
    if (!closed) await api?.close();
    await pipeline?.cleanup();
  });

  it('lists staff and system actions newest first: who, what, which item, before and after', async () => {
    const { items } = await activity();
    expect(items.map((e) => e.action)).toEqual([
      'staff.account-created',
      'api-key.created',
      'chain.setting-changed',
      'maintenance.started',
      'news.updated',
      'news.created',
      'staff.signed-in',
      'staff.account-created',
    ]);
    const [user, key, chain, site, edit] = items;
    expect(user).toMatchObject({ actor: { kind: 'staff', id: rootId, email: ROOT.email }, target: { kind: 'staff', label: 'cal@silverboard.test' }, after: { role: 'calendar_access' } });
    expect(key.target).toMatchObject({ kind: 'api_key', label: 'Web Push Notifications' });
    expect(chain).toMatchObject({ target: { kind: 'chain', id: 'Base' }, before: null, after: { isActive: false, displayName: null, maintenanceMessage: null } });
    expect(site).toMatchObject({ before: { on: false, message: null }, after: { on: true, message: 'Back soon' } });
    expect(edit).toMatchObject({ target: { kind: 'news', id: newsId, label: 'Upgrade' }, before: { priority: 1 }, after: { priority: 5 }, occurred_at: new Date(T0 + 2000).toISOString() });
    // No secret ever reaches the log's readers.
    const text = JSON.stringify(items);
    expect(text).not.toMatch(/argon2id|keyHash|tokenHash|passwordHash/);
    expect(text).not.toContain(apiKey);
  });

  it('filters by actor, action family and date, and pages with next_before', async () => {
    expect((await activity('?action=news')).items.map((e) => e.action)).toEqual(['news.updated', 'news.created']);
    expect((await activity(`?actor=${encodeURIComponent(ROOT.email.toUpperCase())}&action=staff.account-created`)).items).toHaveLength(1);
    expect((await activity('?actor=admin-bootstrap')).items.map((e) => e.action)).toEqual(['staff.account-created']);
    expect((await activity(`?since=${new Date(T0 + 3000).toISOString()}`)).items).toHaveLength(4);
    const first = await activity('?limit=3');
    expect(first.items).toHaveLength(3);
    const second = await activity(`?limit=3&before=${first.next_before}`);
    expect(second.items[0].sequence).toBeLessThan(first.items[2].sequence);
    const bad = await api.http().get('/api/admin/activity?since=yesterday').set(auth).expect(400);
    expect(bad.body.error.message).toMatch(/^since must be an ISO 8601 date/);
  });

  it('the overview counts what exists, each card by the role’s permissions', async () => {
    const overview = (await api.http().get('/api/admin/overview').set(auth).expect(200)).body;
    expect(overview).toMatchObject({
      news: { total: 1, active: 1, high_priority: 1 },
      calendar_events: { total: 0, active: 0, upcoming: 0 },
      chains: { total: 7, active: 6, maintenance: 1 },
      staff: { total: 2, by_role: { super_admin: 1, admin: 0, calendar_access: 1 } },
      api_keys: { total: 1, active: 1, expired: 0 },
      contact_submissions: { total: 0, new: 0 },
    });
  });

  it('saves dashboard preferences as an event; a missing row answers the defaults', async () => {
    expect((await api.http().get('/api/auth/preferences').set(auth).expect(200)).body).toEqual({ layout: null, widgets: null, theme: null, updated_at: null });
    const saved = (await api.http().put('/api/auth/preferences').set(auth).send({ layout: { order: ['news', 'chains'] }, theme: 'amber' }).expect(200)).body as DashboardPreferences;
    expect(saved).toEqual({ layout: { order: ['news', 'chains'] }, widgets: null, theme: 'amber', updated_at: new Date(now).toISOString() });
    const partial = (await api.http().put('/api/auth/preferences').set(auth).send({ widgets: ['prices'] }).expect(200)).body as DashboardPreferences;
    expect(partial).toMatchObject({ layout: { order: ['news', 'chains'] }, widgets: ['prices'], theme: 'amber' });
    await api.http().put('/api/auth/preferences').set(auth).send({ theme: 42 }).expect(400);
  });

  it('rebuilding the activity log and the preferences from sequence 1 gives identical rows', async () => {
    await api.close();
    closed = true;
    const projector = pipeline.projector();
    await projector.start();
    const last = await pipeline.log.lastSequence();
    const names = ['activity_log', 'user_dashboard_preferences'];
    await Promise.all(names.map((name) => pipeline.progress.waitFor(name, last, 30_000)));
    const tables = ['activity_log', 'user_dashboard_preferences'];
    const before = await Promise.all(tables.map((table) => tableChecksum(pipeline.db, table)));
    expect(before[0].rows).toBeGreaterThan(8);
    for (const name of names) await projector.rebuild(name);
    expect(await Promise.all(tables.map((table) => tableChecksum(pipeline.db, table)))).toEqual(before);
  }, 60_000);
});
