import { SITE_MAINTENANCE_SUBJECT } from '@xsd/contracts';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { waitFor } from '../testing/wait-for.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const HOUR = 3600_000;

describe.each<PipelineKind>(['embedded', 'jetstream'])('the maintenance scheduler on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  /** A second scheduler on the same log and database, as a second projector replica runs it. */
  let other: StaffTestApp;
  let now = T0;
  let auth: Record<string, string>;
  let newestSuperAdmin: string;

  const site = async () => (await api.http().get('/api/site').expect(200)).body as SiteSettings;
  const ended = async () =>
    (await pipeline.log.readSubject(SITE_MAINTENANCE_SUBJECT)).filter(({ event }) => event.type === 'maintenance.ended');

  beforeEach(async () => {
    now = T0;
    pipeline = await openPipeline(kind);
    const clock = () => new Date(now);
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock });
    other = await createStaffTestApp(pipeline, { clock, api: false, projector: false });
    auth = { Authorization: `Bearer ${(await api.login(ROOT.email, ROOT.password)).token}` };
    // A second super admin, created later: the newest, whom the scheduled end records.
    now = T0 + 1000;
    const second = await api.http().post('/api/admin/users').set(auth).send({ email: 'second@silverboard.test', role: 'super_admin' }).expect(201);
    await api.http().post('/api/admin/users').set(auth).send({ email: 'admin@silverboard.test', role: 'admin' }).expect(201);
    newestSuperAdmin = (second.body as CreateStaffAccountResponse).user.id;
    now = T0 + 2000;
    await api
      .http()
      .put('/api/admin/site')
      .set(auth)
      .send({ maintenance_mode: true, maintenance_message: 'Back in an hour', expected_up_time: new Date(T0 + HOUR).toISOString() })
      .expect(200);
  });

  afterEach(async () => {
    await other?.close();
    await api?.close();
    await pipeline?.cleanup();
  });

  it('does nothing before the expected up time', async () => {
    now = T0 + HOUR - 1;
    expect(await Promise.all([api.scheduler.check(), other.scheduler.check()])).toEqual([false, false]);
    expect(await ended()).toHaveLength(0);
    expect((await site()).maintenance_mode).toBe(true);
  });

  it('ends overdue maintenance exactly once with two schedulers racing, recording the newest super admin', async () => {
    now = T0 + HOUR + 5;
    const results = await Promise.all([api.scheduler.check(), other.scheduler.check(), api.scheduler.check(), other.scheduler.check()]);
    expect(results.filter(Boolean)).toHaveLength(1);

    const events = await ended();
    expect(events).toHaveLength(1);
    expect(events[0].event).toMatchObject({
      actor: { kind: 'system', id: 'maintenance-scheduler' },
      occurredAt: new Date(T0 + HOUR + 5).toISOString(),
      data: { reason: 'schedule', recordedBy: newestSuperAdmin },
    });

    await waitFor(async () => !(await site()).maintenance_mode, { message: 'GET /api/site to show maintenance off' });
    expect(await site()).toMatchObject({ maintenance_mode: false, maintenance_message: null, expected_up_time: null });
    const row = await pipeline.db
      .selectFrom('site_settings')
      .select(['updated_by', 'maintenance_mode'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ updated_by: newestSuperAdmin, maintenance_mode: false });

    // Later checks find nothing left to end.
    now += HOUR;
    expect(await Promise.all([api.scheduler.check(), other.scheduler.check()])).toEqual([false, false]);
    expect(await ended()).toHaveLength(1);
  });

  it('never ends maintenance that announces no end time', async () => {
    await api.http().put('/api/admin/site').set(auth).send({ maintenance_mode: true, expected_up_time: null }).expect(200);
    now = T0 + 100 * HOUR;
    expect(await api.scheduler.check()).toBe(false);
    expect((await site()).maintenance_mode).toBe(true);
  });

  it('is not fooled by a visitor: reading the settings after the end time writes nothing', async () => {
    now = T0 + 2 * HOUR;
    const before = await pipeline.log.lastSequence();
    const shown = await site();
    expect(shown.maintenance_mode).toBe(true);
    expect(await pipeline.log.lastSequence()).toBe(before);
  });
});

describe('the maintenance scheduler when it runs on its own (embedded, real clock)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, scheduler: 'auto' });
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('ends maintenance at its expected up time, sooner than the 5 s periodic check would', async () => {
    const { token } = await api.login(ROOT.email, ROOT.password);
    const upAt = Date.now() + 1500;
    await api
      .http()
      .put('/api/admin/site')
      .set({ Authorization: `Bearer ${token}` })
      .send({ maintenance_mode: true, expected_up_time: new Date(upAt).toISOString() })
      .expect(200);

    await waitFor(async () => !(await api.http().get('/api/site')).body.maintenance_mode, {
      timeoutMs: 4000,
      message: 'the scheduler to end maintenance',
    });
    expect(Date.now()).toBeGreaterThanOrEqual(upAt);
    const [end] = (await pipeline.log.readSubject(SITE_MAINTENANCE_SUBJECT)).filter(({ event }) => event.type === 'maintenance.ended');
    expect(end.event.data).toMatchObject({ reason: 'schedule' });
  });
});
