import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');

type Role = 'super_admin' | 'admin' | 'calendar_access';
type Caller = Role | 'no session' | 'revoked session' | 'expired session' | 'bad token';
const CALLERS: readonly Caller[] = ['super_admin', 'admin', 'calendar_access', 'no session', 'revoked session', 'expired session', 'bad token'];

type Send = (api: StaffTestApp, headers: Record<string, string>, make: Makers) => Promise<{ status: number; body: unknown }>;
interface Makers {
  news(): Promise<string>;
  event(): Promise<string>;
  key(): Promise<string>;
}

interface Route {
  readonly name: string;
  /** The answer per role from the spec's role table; every other caller gets 401. */
  readonly expect: Record<Role, number>;
  readonly send: Send;
}

const ADMINS = (ok: number): Record<Role, number> => ({ super_admin: ok, admin: ok, calendar_access: 403 });
const EVERY_ROLE = (ok: number): Record<Role, number> => ({ super_admin: ok, admin: ok, calendar_access: ok });

/** Every route of the staff panel's news, calendar, chains, keys, overview, activity and preferences. */
const ROUTES: readonly Route[] = [
  { name: 'GET /api/admin/news (breaking_news)', expect: ADMINS(200), send: (api, h) => api.http().get('/api/admin/news').set(h) },
  {
    name: 'POST /api/admin/news (breaking_news)',
    expect: ADMINS(201),
    send: (api, h) => api.http().post('/api/admin/news').set(h).send({ title: 'Matrix', content: 'x' }),
  },
  {
    name: 'PATCH /api/admin/news/:id (breaking_news)',
    expect: ADMINS(200),
    send: async (api, h, make) => api.http().patch(`/api/admin/news/${await make.news()}`).set(h).send({ priority: 2 }),
  },
  {
    name: 'DELETE /api/admin/news/:id (breaking_news)',
    expect: ADMINS(200),
    send: async (api, h, make) => api.http().delete(`/api/admin/news/${await make.news()}`).set(h),
  },
  { name: 'GET /api/admin/calendar-events (calendar)', expect: EVERY_ROLE(200), send: (api, h) => api.http().get('/api/admin/calendar-events').set(h) },
  {
    name: 'POST /api/admin/calendar-events (calendar)',
    expect: EVERY_ROLE(201),
    send: (api, h) => api.http().post('/api/admin/calendar-events').set(h).send({ title: 'Matrix', start_date: '2026-12-01' }),
  },
  {
    name: 'PATCH /api/admin/calendar-events/:id (calendar)',
    expect: EVERY_ROLE(200),
    send: async (api, h, make) => api.http().patch(`/api/admin/calendar-events/${await make.event()}`).set(h).send({ is_active: false }),
  },
  {
    name: 'DELETE /api/admin/calendar-events/:id (calendar)',
    expect: EVERY_ROLE(200),
    send: async (api, h, make) => api.http().delete(`/api/admin/calendar-events/${await make.event()}`).set(h),
  },
  { name: 'GET /api/admin/chains (chain_settings)', expect: ADMINS(200), send: (api, h) => api.http().get('/api/admin/chains').set(h) },
  {
    name: 'PATCH /api/admin/chains/:chain_name (chain_settings)',
    expect: ADMINS(200),
    send: (api, h) => api.http().patch('/api/admin/chains/Polygon').set(h).send({ display_name: `Polygon ${crypto.randomUUID().slice(0, 4)}` }),
  },
  { name: 'GET /api/admin/api-keys (api_keys)', expect: ADMINS(200), send: (api, h) => api.http().get('/api/admin/api-keys').set(h) },
  {
    name: 'POST /api/admin/api-keys (api_keys)',
    expect: ADMINS(201),
    send: (api, h) => api.http().post('/api/admin/api-keys').set(h).send({ name: 'Matrix' }),
  },
  {
    name: 'DELETE /api/admin/api-keys/:id (api_keys)',
    expect: ADMINS(200),
    send: async (api, h, make) => api.http().delete(`/api/admin/api-keys/${await make.key()}`).set(h),
  },
  { name: 'GET /api/admin/analytics (analytics)', expect: ADMINS(200), send: (api, h) => api.http().get('/api/admin/analytics?days=7').set(h) },
  { name: 'GET /api/admin/overview (any session)', expect: EVERY_ROLE(200), send: (api, h) => api.http().get('/api/admin/overview').set(h) },
  { name: 'GET /api/admin/activity (admins)', expect: ADMINS(200), send: (api, h) => api.http().get('/api/admin/activity').set(h) },
  { name: 'GET /api/auth/preferences (any session)', expect: EVERY_ROLE(200), send: (api, h) => api.http().get('/api/auth/preferences').set(h) },
  {
    name: 'PUT /api/auth/preferences (any session)',
    expect: EVERY_ROLE(200),
    send: (api, h) => api.http().put('/api/auth/preferences').set(h).send({ theme: crypto.randomUUID().slice(0, 8) }),
  },
];

describe('the role table on every staff panel route (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let now = T0;
  const headers = new Map<Caller, Record<string, string>>();
  let rootHeaders: Record<string, string>;

  /** Items made by the super admin for the routes that act on one. */
  const make: Makers = {
    news: async () => (await api.http().post('/api/admin/news').set(rootHeaders).send({ title: 'T', content: 'c' }).expect(201)).body.item.id,
    event: async () =>
      (await api.http().post('/api/admin/calendar-events').set(rootHeaders).send({ title: 'T', start_date: '2026-12-01' }).expect(201)).body.item.id,
    key: async () => (await api.http().post('/api/admin/api-keys').set(rootHeaders).send({ name: 'T' }).expect(201)).body.item.id,
  };

  async function signedIn(role: Role): Promise<Record<string, string>> {
    const email = `${role}-${crypto.randomUUID()}@silverboard.test`;
    const created = (await api.http().post('/api/admin/users').set(rootHeaders).send({ email, role }).expect(201)).body as CreateStaffAccountResponse;
    const { token } = await api.login(email, created.password);
    return { Authorization: `Bearer ${token}` };
  }

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
    rootHeaders = { Authorization: `Bearer ${(await api.login(ROOT.email, ROOT.password)).token}` };
    for (const role of ['super_admin', 'admin', 'calendar_access'] as const) headers.set(role, await signedIn(role));
    headers.set('no session', {});
    headers.set('bad token', { Authorization: 'Bearer xsd_this-token-was-never-issued' });
    const revoked = await signedIn('admin');
    await api.http().post('/api/auth/logout').set(revoked).expect(200);
    headers.set('revoked session', revoked);
    // Signed in eight days ago: past the seven-day lifetime now.
    now = T0 - 8 * 24 * 3600_000;
    headers.set('expired session', await signedIn('super_admin'));
    now = T0;
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => [route.name, caller, route] as const));

  it.each(cases)('%s as %s', async (_name, caller, route) => {
    const expected = caller === 'super_admin' || caller === 'admin' || caller === 'calendar_access' ? route.expect[caller] : 401;
    const response = await route.send(api, headers.get(caller)!, make);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
    if (expected >= 400) {
      expect(response.body).toEqual({ error: { code: expected === 401 ? 'unauthorized' : 'forbidden', message: expect.any(String) } });
    }
  });

  it('gives the calendar manager the limited dashboard: only the calendar card', async () => {
    const overview = (await api.http().get('/api/admin/overview').set(headers.get('calendar_access')!).expect(200)).body;
    expect(overview).toMatchObject({ news: null, chains: null, staff: null, api_keys: null, contact_submissions: null });
    expect(overview.calendar_events).toEqual(expect.objectContaining({ total: expect.any(Number) }));
  });
});
