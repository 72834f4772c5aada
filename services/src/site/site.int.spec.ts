import { SITE_MAINTENANCE_SUBJECT } from '@xsd/contracts';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe.each<PipelineKind>(['embedded', 'jetstream'])('maintenance through PUT /api/admin/site on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let rootId: string;
  let now = T0;

  const put = (body: object) => api.http().put('/api/admin/site').set(auth).send(body);
  const site = async () => (await api.http().get('/api/site').expect(200)).body as SiteSettings;

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

  it('GET /api/site is public and says "off" before anything was ever set', async () => {
    const response = await api.http().get('/api/site').expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // Served from memory with an ETag: a client that sends it back gets a 304.
    await api.http().get('/api/site').set('If-None-Match', String(response.headers.etag)).expect(304);
    expect(response.body).toEqual({
      maintenance_mode: false,
      maintenance_title: null,
      maintenance_message: null,
      expected_up_time: null,
      updated_at: null,
      community_links: {},
    });
  });

  it('switching it on answers the new settings, already on GET /api/site, from an event by the staff member', async () => {
    const response = await put({
      maintenance_mode: true,
      maintenance_title: 'Silverboard Upgrade',
      maintenance_message: 'Back at noon',
      expected_up_time: '2026-11-21T13:00:00+01:00',
    }).expect(200);
    const expected: SiteSettings = {
      maintenance_mode: true,
      maintenance_title: 'Silverboard Upgrade',
      maintenance_message: 'Back at noon',
      expected_up_time: '2026-11-21T12:00:00.000Z',
      updated_at: iso(T0),
      community_links: {},
    };
    expect(response.body).toEqual(expected);
    expect(await site()).toEqual(expected);

    const events = await pipeline.log.readSubject(SITE_MAINTENANCE_SUBJECT);
    expect(events.map((e) => e.event.type)).toEqual(['maintenance.started']);
    expect(events[0].event.actor).toEqual({ kind: 'staff', id: rootId, email: ROOT.email });
  });

  it('an update changes only the fields sent; null clears one', async () => {
    now += 60_000;
    const response = await put({ maintenance_mode: true, maintenance_message: 'Later than planned', expected_up_time: null }).expect(200);
    expect(response.body).toMatchObject({
      maintenance_mode: true,
      maintenance_title: 'Silverboard Upgrade',
      maintenance_message: 'Later than planned',
      expected_up_time: null,
      updated_at: iso(now),
    });
  });

  it('sending the same settings again appends nothing', async () => {
    const before = await pipeline.log.subjectSequence(SITE_MAINTENANCE_SUBJECT);
    await put({ maintenance_mode: true, maintenance_message: 'Later than planned' }).expect(200);
    expect(await pipeline.log.subjectSequence(SITE_MAINTENANCE_SUBJECT)).toBe(before);
  });

  it('refuses a time that is not a time, or not in the future, and a missing switch, with clear messages', async () => {
    const garbage = await put({ maintenance_mode: true, expected_up_time: 'tomorrow-ish' }).expect(400);
    expect(garbage.body.error.message).toBe(
      'expected_up_time must be an ISO 8601 time with a time zone, such as 2026-05-01T12:00:00Z, or null',
    );
    const noZone = await put({ maintenance_mode: true, expected_up_time: '2026-11-21T12:00:00' }).expect(400);
    expect(noZone.body.error.message).toMatch(/^expected_up_time must be an ISO 8601 time/);
    const past = await put({ maintenance_mode: true, expected_up_time: '2026-11-21T09:59:59Z' }).expect(400);
    expect(past.body.error).toEqual({ code: 'expected_up_time_in_past', message: 'expected_up_time must be in the future' });
    const missing = await put({ maintenance_title: 'x' }).expect(400);
    expect(missing.body.error.message).toBe('maintenance_mode must be true or false');
    expect((await site()).maintenance_message).toBe('Later than planned');
  });

  it('switching it off ends it: message and end time cleared, title kept, recorded with who did it', async () => {
    now += 60_000;
    await put({ maintenance_mode: true, expected_up_time: '2026-11-21T12:00:00Z' }).expect(200);
    // In the same millisecond: the later change in the log is still the one in force.
    const response = await put({ maintenance_mode: false }).expect(200);
    expect(response.body).toEqual({
      maintenance_mode: false,
      maintenance_title: 'Silverboard Upgrade',
      maintenance_message: null,
      expected_up_time: null,
      updated_at: iso(now + 1),
      community_links: {},
    });
    expect(await site()).toEqual(response.body);
    const events = await pipeline.log.readSubject(SITE_MAINTENANCE_SUBJECT);
    expect(events.at(-1)!.event).toMatchObject({ type: 'maintenance.ended', data: { reason: 'staff', recordedBy: null } });
    const newest = await pipeline.db
      .selectFrom('site_settings')
      .select(['updated_by', 'maintenance_mode'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest).toEqual({ updated_by: rootId, maintenance_mode: false });
  });

  it('without a session, nobody changes anything', async () => {
    await api.http().put('/api/admin/site').send({ maintenance_mode: true }).expect(401);
    expect((await site()).maintenance_mode).toBe(false);
  });
});
