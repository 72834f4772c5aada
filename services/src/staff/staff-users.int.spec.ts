import { STAFF_DIRECTORY_SUBJECT } from '@xsd/contracts';
import type { CreateStaffAccountResponse, StaffAccountsResponse } from '@xsd/contracts/api/admin-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

describe('the Users tab routes (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let now = T0;
  let auth: Record<string, string>;
  let rootId: string;

  const create = (email: string, role: string) => api.http().post('/api/admin/users').set(auth).send({ email, role });

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
    const { token, user } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
    rootId = user.id;
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('creates an account with a generated password, shown once, that signs in', async () => {
    now = T0 + 60_000;
    const response = await create('  Ann@Silverboard.test ', 'calendar_access').expect(201);
    const body = response.body as CreateStaffAccountResponse;
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ann@silverboard.test',
      role: 'calendar_access',
      created_at: new Date(T0 + 60_000).toISOString(),
      last_login: null,
    });
    expect(body.password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/);
    const { user } = await api.login('ann@silverboard.test', body.password);
    expect(user).toEqual({ id: body.user.id, email: 'ann@silverboard.test', role: 'calendar_access' });

    const [event] = (await pipeline.log.readSubject(STAFF_DIRECTORY_SUBJECT)).slice(-1);
    expect(event.event).toMatchObject({ type: 'staff.account-created', actor: { kind: 'staff', id: rootId } });
    expect(JSON.stringify(event.event)).not.toContain(body.password);
  });

  it('lists the accounts newest first, with their last sign-in', async () => {
    const { items } = (await api.http().get('/api/admin/users').set(auth).expect(200)).body as StaffAccountsResponse;
    expect(items.map((item) => [item.email, item.role])).toEqual([
      ['ann@silverboard.test', 'calendar_access'],
      [ROOT.email, 'super_admin'],
    ]);
    expect(items[0].last_login).toBe(new Date(T0 + 60_000).toISOString());
  });

  it('refuses an email already in use, a bad email and an unknown role', async () => {
    expect((await create('ANN@silverboard.test', 'admin').expect(409)).body.error).toEqual({
      code: 'email_taken',
      message: 'A staff account with this email already exists',
    });
    expect((await create('not an email', 'admin').expect(400)).body.error.message).toBe('Enter a valid email address');
    expect((await create('', 'admin').expect(400)).body.error.message).toBe('Email is required');
    expect((await create('zed@silverboard.test', 'owner').expect(400)).body.error.message).toBe(
      'Role must be one of super_admin, admin, calendar_access',
    );
  });

  it('changes a role, which takes effect on the next request of that account', async () => {
    const created = (await create('bob@silverboard.test', 'admin').expect(201)).body as CreateStaffAccountResponse;
    const bob = { Authorization: `Bearer ${(await api.login('bob@silverboard.test', created.password)).token}` };
    await api.http().put('/api/admin/site').set(bob).send({ maintenance_mode: false }).expect(200);

    const changed = await api.http().patch(`/api/admin/users/${created.user.id}`).set(auth).send({ role: 'calendar_access' }).expect(200);
    expect(changed.body.user).toMatchObject({ id: created.user.id, role: 'calendar_access' });
    await api.http().put('/api/admin/site').set(bob).send({ maintenance_mode: false }).expect(403);

    const [event] = (await pipeline.log.readSubject(STAFF_DIRECTORY_SUBJECT)).slice(-1);
    expect(event.event).toMatchObject({ type: 'staff.role-changed', data: { role: 'calendar_access', previousRole: 'admin' } });
  });

  it('keeps at least one super admin and never deletes the caller', async () => {
    const demote = await api.http().patch(`/api/admin/users/${rootId}`).set(auth).send({ role: 'admin' }).expect(409);
    expect(demote.body.error.message).toBe('At least one Super Admin must remain');
    const own = await api.http().delete(`/api/admin/users/${rootId}`).set(auth).expect(400);
    expect(own.body.error.message).toBe('You cannot delete your own account');
  });

  it('deletes an account: its sessions end with it and it can no longer sign in', async () => {
    const created = (await create('carol@silverboard.test', 'admin').expect(201)).body as CreateStaffAccountResponse;
    const carol = { Authorization: `Bearer ${(await api.login('carol@silverboard.test', created.password)).token}` };
    await api.http().get('/api/auth/me').set(carol).expect(200);

    expect((await api.http().delete(`/api/admin/users/${created.user.id}`).set(auth).expect(200)).body).toEqual({ deleted: created.user.id });
    await api.http().get('/api/auth/me').set(carol).expect(401);
    await api.http().post('/api/auth/login').send({ email: 'carol@silverboard.test', password: created.password }).expect(401);
    const [event] = (await pipeline.log.readSubject(STAFF_DIRECTORY_SUBJECT)).slice(-1);
    expect(event.event).toMatchObject({ type: 'staff.account-deleted', actor: { kind: 'staff', id: rootId } });
  });

  it('answers 404 for an account that does not exist', async () => {
    const missing = '0190a000-0000-7000-8000-0000000000ff';
    expect((await api.http().patch(`/api/admin/users/${missing}`).set(auth).send({ role: 'admin' }).expect(404)).body.error.message).toBe(
      'Staff account not found',
    );
    await api.http().delete('/api/admin/users/not-a-uuid').set(auth).expect(404);
  });
});
