import { Reflector } from '@nestjs/core';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { AuthService } from './auth.service.js';
import { StaffGuard } from './staff.guard.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

type Caller = 'super_admin' | 'admin' | 'calendar_access' | 'no session' | 'revoked session' | 'expired session' | 'bad token';
const CALLERS: readonly Caller[] = ['super_admin', 'admin', 'calendar_access', 'no session', 'revoked session', 'expired session', 'bad token'];

interface Route {
  readonly name: string;
  /** The answer per signed-in role, from the spec's role table; every other caller gets 401. */
  readonly expect: Record<'super_admin' | 'admin' | 'calendar_access', number>;
  /** Sends the request; `target` makes an account for the routes that act on one. */
  send(api: StaffTestApp, headers: Record<string, string>, target: () => Promise<string>): Promise<{ status: number; body: unknown }>;
}

/** Every staff route of this change, with what the spec's role table says about it. */
const ROUTES: readonly Route[] = [
  {
    name: 'GET /api/auth/me',
    expect: { super_admin: 200, admin: 200, calendar_access: 200 },
    send: (api, headers) => api.http().get('/api/auth/me').set(headers),
  },
  {
    name: 'POST /api/auth/password (own password: every role)',
    expect: { super_admin: 200, admin: 200, calendar_access: 200 },
    send: (api, headers) =>
      api
        .http()
        .post('/api/auth/password')
        .set(headers)
        .send({ currentPassword: 'role password 1', newPassword: 'role password 1', confirmPassword: 'role password 1' }),
  },
  {
    name: 'PUT /api/admin/site (chain_settings)',
    expect: { super_admin: 200, admin: 200, calendar_access: 403 },
    send: (api, headers) => api.http().put('/api/admin/site').set(headers).send({ maintenance_mode: false, maintenance_message: 'Prepared' }),
  },
  {
    name: 'PATCH /api/admin/site/links (chain_settings)',
    expect: { super_admin: 200, admin: 200, calendar_access: 403 },
    send: (api, headers) => api.http().patch('/api/admin/site/links').set(headers).send({ shop: 'https://store.example/xsd' }),
  },
  {
    name: 'GET /api/admin/users (users)',
    expect: { super_admin: 200, admin: 403, calendar_access: 403 },
    send: (api, headers) => api.http().get('/api/admin/users').set(headers),
  },
  {
    name: 'POST /api/admin/users (users)',
    expect: { super_admin: 201, admin: 403, calendar_access: 403 },
    send: (api, headers) =>
      api.http().post('/api/admin/users').set(headers).send({ email: `new-${crypto.randomUUID()}@silverboard.test`, role: 'admin' }),
  },
  {
    name: 'PATCH /api/admin/users/:id (users)',
    expect: { super_admin: 200, admin: 403, calendar_access: 403 },
    send: async (api, headers, target) => api.http().patch(`/api/admin/users/${await target()}`).set(headers).send({ role: 'admin' }),
  },
  {
    name: 'DELETE /api/admin/users/:id (users)',
    expect: { super_admin: 200, admin: 403, calendar_access: 403 },
    send: async (api, headers, target) => api.http().delete(`/api/admin/users/${await target()}`).set(headers),
  },
  {
    name: 'GET /api/admin/events/export (event_log: the backup, super admins alone)',
    expect: { super_admin: 200, admin: 403, calendar_access: 403 },
    send: (api, headers) => api.http().get('/api/admin/events/export').set(headers),
  },
];

describe('the role table on every staff route (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let now = T0;
  const headers = new Map<Caller, Record<string, string>>();
  let rootHeaders: Record<string, string>;

  /** A fresh account for the routes that change or delete one. */
  async function target(): Promise<string> {
    const email = `target-${crypto.randomUUID()}@silverboard.test`;
    const response = await api.http().post('/api/admin/users').set(rootHeaders).send({ email, role: 'calendar_access' }).expect(201);
    return (response.body as CreateStaffAccountResponse).user.id;
  }

  /** An account of this role, signed in with the password every role route above uses. */
  async function signedIn(role: 'admin' | 'calendar_access' | 'super_admin', kind: 'bearer' | 'cookie'): Promise<Record<string, string>> {
    const email = `${role}-${crypto.randomUUID()}@silverboard.test`;
    const created = (await api.http().post('/api/admin/users').set(rootHeaders).send({ email, role }).expect(201)).body as CreateStaffAccountResponse;
    expect(created.password).toHaveLength(12);
    const first = await api.login(email, created.password);
    await api
      .http()
      .post('/api/auth/password')
      .set({ Authorization: `Bearer ${first.token}` })
      .send({ currentPassword: created.password, newPassword: 'role password 1', confirmPassword: 'role password 1' })
      .expect(200);
    const { token } = await api.login(email, 'role password 1');
    return kind === 'bearer' ? { Authorization: `Bearer ${token}` } : { Cookie: `xsd_session=${token}` };
  }

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
    rootHeaders = { Authorization: `Bearer ${(await api.login(ROOT.email, ROOT.password)).token}` };

    headers.set('super_admin', await signedIn('super_admin', 'bearer'));
    headers.set('admin', await signedIn('admin', 'cookie'));
    headers.set('calendar_access', await signedIn('calendar_access', 'bearer'));
    headers.set('no session', {});
    headers.set('bad token', { Authorization: 'Bearer xsd_this-token-was-never-issued' });

    const revoked = await signedIn('super_admin', 'bearer');
    await api.http().post('/api/auth/logout').set(revoked).expect(200);
    headers.set('revoked session', revoked);

    // Signed in eight days ago: past the seven-day lifetime now.
    now = T0 - 8 * 24 * 3600_000;
    headers.set('expired session', await signedIn('super_admin', 'bearer'));
    now = T0;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => [route.name, caller, route] as const));

  it.each(cases)('%s as %s', async (_name, caller, route) => {
    const expected =
      caller === 'super_admin' || caller === 'admin' || caller === 'calendar_access' ? route.expect[caller] : 401;
    const response = await route.send(api, headers.get(caller)!, target);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
    if (expected >= 400) {
      expect(response.body).toEqual({ error: { code: expected === 401 ? 'unauthorized' : 'forbidden', message: expect.any(String) } });
    }
  });

  it('names the role and the missing permission in a 403', async () => {
    const response = await api.http().get('/api/admin/users').set(headers.get('admin')!).expect(403);
    expect(response.body.error.message).toBe('Your role (Admin) does not allow the users permission.');
  });

  it('refuses, with 403 to every role, an /api/admin route that declares no permission', async () => {
    // The Users controller declares one; a route without a declaration must not be open. The guard
    // treats any /api/admin path without one as "anything else: denied".
    const guard = new StaffGuard(new Reflector(), api.app.get(AuthService, { strict: false }));
    const token = (headers.get('super_admin')!.Authorization ?? '').replace('Bearer ', '');
    const context = {
      getType: () => 'http',
      getHandler: () => function undeclared() {},
      getClass: () => class Undeclared {},
      switchToHttp: () => ({ getRequest: () => ({
          url: '/api/admin/anything',
          routeOptions: { url: '/api/admin/anything' },
          headers: { authorization: `Bearer ${token}` },
        }),
      }),
    };
    await expect(guard.canActivate(context as never)).rejects.toMatchObject({ status: 403 });
  });
});
