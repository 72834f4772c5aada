import { newsSubject } from '@xsd/contracts';
import type { AdminCalendarEventResponse, AdminCalendarEventsResponse } from '@xsd/contracts/api/admin-calendar';
import type { AdminChainResponse, AdminChainsResponse } from '@xsd/contracts/api/admin-chains';
import type { ApiKeysResponse, CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import type { AdminNewsItemResponse, AdminNewsListResponse } from '@xsd/contracts/api/admin-news';
import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import type { ChainsResponse } from '@xsd/contracts/api/chains';
import type { NewsListResponse } from '@xsd/contracts/api/news';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { hashApiKey } from '../api-keys/api-key-secret.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { tableChecksum } from '../testing/table-checksum.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const NEW_TABLES = ['breaking_news', 'calendar_events', 'chain_settings', 'api_keys'] as const;
const MY_PROJECTIONS = ['breaking_news', 'calendar_events', 'chain_settings', 'api_keys', 'user_dashboard_preferences'];

describe.each<PipelineKind>(['embedded', 'jetstream'])('the staff panel routes on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let rootId: string;
  let now = T0;
  let closed = false;

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
    const { token, user } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    rootId = user.id;
  }, 60_000);

  afterAll(async () => {
    if (!closed) await api?.close();
    await pipeline?.cleanup();
  });

  describe('breaking news', () => {
    let id: string;

    it('creates an item with the defaults, stored sanitised, already on GET /api/news', async () => {
      const response = await api
        .http()
        .post('/api/admin/news')
        .set(auth)
        .send({ title: ' Upgrade ', content: '<p onclick="x()">Hi<script>alert(1)</script> <img src=x onerror=alert(1)></p>' })
        .expect(201);
      const { item } = response.body as AdminNewsItemResponse;
      id = item.id;
      expect(item).toMatchObject({
        title: 'Upgrade',
        content: '<p>Hi <img src="x" /></p>',
        type: 'info',
        priority: 1,
        expires_at: null,
        notify_users: false,
        is_active: true,
        created_by: rootId,
        created_at: new Date(T0).toISOString(),
      });
      const events = await pipeline.log.readSubject(newsSubject(id));
      expect(events.map((e) => e.event.type)).toEqual(['news.created']);
      expect(events[0].event.actor).toEqual({ kind: 'staff', id: rootId, email: ROOT.email });
      expect(JSON.stringify(events[0].event.data)).not.toContain('script');

      const publicNews = (await api.http().get('/api/news').expect(200)).body as NewsListResponse;
      expect(publicNews.items.map((n) => n.id)).toEqual([id]);
    });

    it('refuses a missing title, a priority of 6 and content that sanitises to nothing', async () => {
      const missing = await api.http().post('/api/admin/news').set(auth).send({ content: 'x' }).expect(400);
      expect(missing.body.error.message).toBe('Title is required');
      const priority = await api.http().post('/api/admin/news').set(auth).send({ title: 'a', content: 'b', priority: 6 }).expect(400);
      expect(priority.body.error.message).toBe('Priority must be a whole number from 1 to 5');
      const empty = await api.http().post('/api/admin/news').set(auth).send({ title: 'a', content: '<script>x</script>' }).expect(400);
      expect(empty.body.error.message).toBe('Content is required');
    });

    it('edits only the fields sent; the eye button hides it from the public list', async () => {
      now += 60_000;
      const edited = await api.http().patch(`/api/admin/news/${id}`).set(auth).send({ priority: 4, is_active: false }).expect(200);
      expect((edited.body as AdminNewsItemResponse).item).toMatchObject({ title: 'Upgrade', priority: 4, is_active: false });
      expect((edited.body as AdminNewsItemResponse).item.updated_at).toBe(new Date(now).toISOString());
      expect(((await api.http().get('/api/news').expect(200)).body as NewsListResponse).items).toEqual([]);
      const updated = (await pipeline.log.readSubject(newsSubject(id)))[1].event;
      expect(updated.data).toMatchObject({ changes: { priority: 4, isActive: false }, previous: { priority: 1, isActive: true } });
      // Sending the same values again decides nothing.
      await api.http().patch(`/api/admin/news/${id}`).set(auth).send({ priority: 4 }).expect(200);
      expect(await pipeline.log.readSubject(newsSubject(id))).toHaveLength(2);
    });

    it('lists every item for staff, then deletes one; a second delete is a 404', async () => {
      const list = (await api.http().get('/api/admin/news').set(auth).expect(200)).body as AdminNewsListResponse;
      expect(list.items.map((n) => n.id)).toContain(id);
      await api.http().delete(`/api/admin/news/${id}`).set(auth).expect(200, { deleted: id });
      const again = await api.http().delete(`/api/admin/news/${id}`).set(auth).expect(404);
      expect(again.body.error.message).toBe('News item not found');
      await api.http().patch('/api/admin/news/not-a-uuid').set(auth).send({ title: 'x' }).expect(404);
    });
  });

  describe('calendar events', () => {
    let id: string;

    it('creates an event with optional fields as null and its description sanitised', async () => {
      const response = await api
        .http()
        .post('/api/admin/calendar-events')
        .set(auth)
        .send({ title: 'Launch', start_date: '2026-12-01', start_time: '14:30', url: '', description: '<b>Big</b><iframe src="x"></iframe>' })
        .expect(201);
      const { item } = response.body as AdminCalendarEventResponse;
      id = item.id;
      expect(item).toMatchObject({
        type: 'event',
        description: '<b>Big</b>',
        start_time: '14:30:00',
        end_date: null,
        end_time: null,
        location: null,
        url: null,
        is_active: true,
        created_by: rootId,
      });
      const publicEvents = (await api.http().get('/api/calendar/events').expect(200)).body as CalendarEventsResponse;
      expect(publicEvents.items.map((e) => e.id)).toEqual([id]);
    });

    it('refuses an invalid URL and an end before the start, also through an edit', async () => {
      const url = await api.http().post('/api/admin/calendar-events').set(auth).send({ title: 'a', start_date: '2026-12-01', url: 'javascript:alert(1)' }).expect(400);
      expect(url.body.error.message).toBe('Please enter a valid URL (http:// or https://)');
      const missing = await api.http().post('/api/admin/calendar-events').set(auth).send({ title: 'a' }).expect(400);
      expect(missing.body.error.message).toBe('Start date is required');
      const edit = await api.http().patch(`/api/admin/calendar-events/${id}`).set(auth).send({ end_date: '2026-11-30' }).expect(400);
      expect(edit.body.error.message).toBe('End date must be on or after the start date');
    });

    it('toggles, lists and deletes', async () => {
      await api.http().patch(`/api/admin/calendar-events/${id}`).set(auth).send({ is_active: false }).expect(200);
      expect(((await api.http().get('/api/calendar/events').expect(200)).body as CalendarEventsResponse).items).toEqual([]);
      const list = (await api.http().get('/api/admin/calendar-events').set(auth).expect(200)).body as AdminCalendarEventsResponse;
      expect(list.items.find((e) => e.id === id)?.is_active).toBe(false);
      await api.http().patch(`/api/admin/calendar-events/${id}`).set(auth).send({ is_active: true, location: 'Online' }).expect(200);
      await api.http().delete(`/api/admin/calendar-events/${id}`).set(auth).expect(200, { deleted: id });
      await api.http().delete(`/api/admin/calendar-events/${id}`).set(auth).expect(404);
      // One left for the rebuild below.
      await api.http().post('/api/admin/calendar-events').set(auth).send({ title: 'AMA', start_date: '2026-12-05', type: 'announcement' }).expect(201);
    });
  });

  describe('chain settings', () => {
    it('lists every network, active until staff set it otherwise', async () => {
      const list = (await api.http().get('/api/admin/chains').set(auth).expect(200)).body as AdminChainsResponse;
      expect(list.items.find((c) => c.chain_name === 'BSC')).toMatchObject({ is_active: true, updated_by: null, custom_display_name: null });
    });

    it('puts a chain in maintenance; GET /api/chains and the price rows show it', async () => {
      now += 60_000;
      const response = await api
        .http()
        .patch('/api/admin/chains/bsc')
        .set(auth)
        .send({ is_active: false, maintenance_message: 'Bridge upgrade', display_name: 'BNB Chain' })
        .expect(200);
      expect((response.body as AdminChainResponse).item).toMatchObject({
        chain_name: 'BSC',
        is_active: false,
        display_name: 'BNB Chain',
        maintenance_message: 'Bridge upgrade',
        updated_by: rootId,
        updated_at: new Date(now).toISOString(),
      });
      const chains = (await api.http().get('/api/chains').expect(200)).body as ChainsResponse;
      expect(chains.items.find((c) => c.chain_name === 'BSC')).toMatchObject({ is_active: false, maintenance_message: 'Bridge upgrade' });
      const prices = (await api.http().get('/api/prices/latest').expect(200)).body as LatestPricesResponse;
      for (const row of prices.items.filter((r) => r.chain_name === 'BSC')) {
        expect(row).toMatchObject({ status: 'maintenance', maintenance_message: 'Bridge upgrade' });
      }
    });

    it('the quick toggle flips the status and keeps the message for next time', async () => {
      const response = await api.http().patch('/api/admin/chains/BSC').set(auth).send({ is_active: true }).expect(200);
      expect((response.body as AdminChainResponse).item).toMatchObject({ is_active: true, maintenance_message: null, stored_maintenance_message: 'Bridge upgrade' });
      const unknown = await api.http().patch('/api/admin/chains/Solana').set(auth).send({ is_active: true }).expect(404);
      expect(unknown.body.error.message).toBe("Unknown network 'Solana'");
    });
  });

  describe('API keys', () => {
    let key: string;
    let keyId: string;

    it('makes a 48-character key, answers it once and keeps only its hash', async () => {
      const response = await api.http().post('/api/admin/api-keys').set(auth).send({ name: 'Web Push Notifications' }).expect(201);
      const created = response.body as CreateApiKeyResponse;
      key = created.key;
      keyId = created.item.id;
      expect(key).toMatch(/^[A-Za-z0-9_-]{48}$/);
      expect(created.item).toMatchObject({ permissions: ['send_notifications', 'read_subscriptions'], expired: false, last_used_at: null });
      const list = (await api.http().get('/api/admin/api-keys').set(auth).expect(200)).body as ApiKeysResponse;
      expect(JSON.stringify(list)).not.toContain(key);
      const row = await pipeline.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(hashApiKey(key));
      const lastSequence = await pipeline.log.lastSequence();
      const everything = await pipeline.log.read(1, lastSequence);
      expect(JSON.stringify(everything)).not.toContain(key);
    });

    it('refuses a key without a name or permission, or expiring in the past', async () => {
      expect((await api.http().post('/api/admin/api-keys').set(auth).send({ name: ' ' }).expect(400)).body.error.message).toBe('Name is required');
      expect((await api.http().post('/api/admin/api-keys').set(auth).send({ name: 'x', permissions: [] }).expect(400)).body.error.message).toBe(
        'Select at least one permission',
      );
      const past = await api.http().post('/api/admin/api-keys').set(auth).send({ name: 'x', expires_at: new Date(now - 1000).toISOString() }).expect(400);
      expect(past.body.error.message).toBe('Expiry must be in the future');
    });

    it('authenticates the key for its permissions, records its use, and refuses an expired or deleted one', async () => {
      const keys = api.app.get(ApiKeysService, { strict: false });
      const used = await keys.authenticate(key, 'send_notifications');
      expect(used.last_used_at).toBe(new Date(now).toISOString());
      // One character changed (never to itself: a key ending in 'x' once made this test pass the real key).
      const wrong = `${key.slice(0, 47)}${key.endsWith('x') ? 'y' : 'x'}`;
      await expect(keys.authenticate(wrong, 'send_notifications')).rejects.toMatchObject({ kind: 'unauthorized' });

      const readOnly = (await api.http().post('/api/admin/api-keys').set(auth).send({ name: 'reader', permissions: ['read_subscriptions'], expires_at: new Date(now + 3600_000).toISOString() }).expect(201)).body as CreateApiKeyResponse;
      await expect(keys.authenticate(readOnly.key, 'send_notifications')).rejects.toMatchObject({ kind: 'forbidden' });
      await keys.authenticate(readOnly.key, 'read_subscriptions');
      now += 2 * 3600_000;
      await expect(keys.authenticate(readOnly.key, 'read_subscriptions')).rejects.toMatchObject({ kind: 'unauthorized' });
      const list = (await api.http().get('/api/admin/api-keys').set(auth).expect(200)).body as ApiKeysResponse;
      expect(list.items.find((k) => k.id === readOnly.item.id)?.expired).toBe(true);

      await api.http().delete(`/api/admin/api-keys/${keyId}`).set(auth).expect(200, { deleted: keyId });
      await expect(keys.authenticate(key, 'send_notifications')).rejects.toMatchObject({ kind: 'unauthorized' });
    });
  });

  it('rebuilding the new read models from sequence 1 gives identical rows', async () => {
    await api.close();
    closed = true;
    const projector = pipeline.projector();
    await projector.start();
    const last = await pipeline.log.lastSequence();
    await Promise.all(MY_PROJECTIONS.map((name) => pipeline.progress.waitFor(name, last, 30_000)));
    const before = await Promise.all(NEW_TABLES.map((table) => tableChecksum(pipeline.db, table)));
    expect(before.map((b) => b.rows)).toEqual([0, 1, 1, 1]);
    for (const name of MY_PROJECTIONS) await projector.rebuild(name);
    const after = await Promise.all(NEW_TABLES.map((table) => tableChecksum(pipeline.db, table)));
    expect(after).toEqual(before);
  }, 60_000);
});
