import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseParser } from '../api/sse.js';
import { xsd } from '../testing/run-xsd.js';

const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };
const ROLE_PASSWORD = 'role password 1';
type Role = 'super_admin' | 'admin' | 'calendar_access';
type Caller = Role | 'no session' | 'bad token' | 'signed out';
const CALLERS: readonly Caller[] = ['super_admin', 'admin', 'calendar_access', 'no session', 'bad token', 'signed out'];

interface StaffRoute {
  readonly name: string;
  /** The spec's role table (admin-and-data §6); every caller without a live session gets 401. */
  readonly expect: Readonly<Record<Role, number>>;
  readonly send: (headers: Record<string, string>) => Promise<Response>;
}

describe('xsd login, logout and maintenance against a running stack on the devnet', () => {
  let stack: RunningStack;
  let work: string;
  /** XSD_CONFIG_DIR of each signed-in caller, so each has its own session file. */
  const configDirs = new Map<Caller, string>();
  const tokens = new Map<Caller, string>();

  const http = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${stack.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const bearer = (caller: Caller): Record<string, string> => (tokens.has(caller) ? { authorization: `Bearer ${tokens.get(caller)}` } : {});
  const envFor = (configDir: string) => ({ XSD_API_URL: stack.url, XSD_CONFIG_DIR: configDir });

  async function storedToken(configDir: string): Promise<string> {
    const file = JSON.parse(await readFile(join(configDir, 'session.json'), 'utf8'));
    return file.sessions[stack.url].token as string;
  }

  /** A fresh account to change or delete, made by the root account. */
  async function target(): Promise<string> {
    const response = await http('/api/admin/users', {
      method: 'POST',
      headers: bearer('super_admin'),
      body: JSON.stringify({ email: `target-${crypto.randomUUID()}@silverboard.test`, role: 'calendar_access' }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as CreateStaffAccountResponse).user.id;
  }

  const ROUTES: readonly StaffRoute[] = [
    { name: 'GET /api/auth/me', expect: { super_admin: 200, admin: 200, calendar_access: 200 }, send: (h) => http('/api/auth/me', { headers: h }) },
    {
      name: 'POST /api/auth/password',
      expect: { super_admin: 200, admin: 200, calendar_access: 200 },
      send: (h) =>
        http('/api/auth/password', {
          method: 'POST',
          headers: h,
          body: JSON.stringify({ currentPassword: ROLE_PASSWORD, newPassword: ROLE_PASSWORD, confirmPassword: ROLE_PASSWORD }),
        }),
    },
    {
      name: 'PUT /api/admin/site (chain_settings)',
      expect: { super_admin: 200, admin: 200, calendar_access: 403 },
      send: (h) => http('/api/admin/site', { method: 'PUT', headers: h, body: JSON.stringify({ maintenance_mode: false }) }),
    },
    { name: 'GET /api/admin/users (users)', expect: { super_admin: 200, admin: 403, calendar_access: 403 }, send: (h) => http('/api/admin/users', { headers: h }) },
    {
      name: 'POST /api/admin/users (users)',
      expect: { super_admin: 201, admin: 403, calendar_access: 403 },
      send: (h) =>
        http('/api/admin/users', { method: 'POST', headers: h, body: JSON.stringify({ email: `new-${crypto.randomUUID()}@silverboard.test`, role: 'admin' }) }),
    },
    {
      name: 'POST /api/admin/users/password-reset (users)',
      expect: { super_admin: 200, admin: 403, calendar_access: 403 },
      send: (h) => http('/api/admin/users/password-reset', { method: 'POST', headers: h, body: JSON.stringify({ email: ROOT.email }) }),
    },
    {
      name: 'PATCH /api/admin/users/:id (users)',
      expect: { super_admin: 200, admin: 403, calendar_access: 403 },
      send: async (h) => http(`/api/admin/users/${await target()}`, { method: 'PATCH', headers: h, body: JSON.stringify({ role: 'admin' }) }),
    },
    {
      name: 'DELETE /api/admin/users/:id (users)',
      expect: { super_admin: 200, admin: 403, calendar_access: 403 },
      send: async (h) => http(`/api/admin/users/${await target()}`, { method: 'DELETE', headers: h }),
    },
  ];

  /** Creates an account of the role as root, signs in with `xsd login`, and sets its own password. */
  async function signInAs(role: Role, caller: Caller): Promise<void> {
    const email = `${role}-${crypto.randomUUID()}@silverboard.test`;
    const created = await http('/api/admin/users', { method: 'POST', headers: { authorization: `Bearer ${rootToken}` }, body: JSON.stringify({ email, role }) });
    expect(created.status).toBe(201);
    const { password } = (await created.json()) as CreateStaffAccountResponse;
    const dir = await mkdtemp(join(work, `${role}-`));
    const login = xsd(['login', '--email', email, '--password', password], envFor(dir));
    expect(login.stderr).toBe('');
    expect(login.status).toBe(0);
    const token = await storedToken(dir);
    const changed = await http('/api/auth/password', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: password, newPassword: ROLE_PASSWORD, confirmPassword: ROLE_PASSWORD }),
    });
    expect(changed.status).toBe(200);
    configDirs.set(caller, dir);
    tokens.set(caller, token);
  }

  let rootDir: string;
  let rootToken: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'xsd-staff-e2e-'));
    stack = await startStack({ env: { XSD_ADMIN_EMAIL: ROOT.email, XSD_ADMIN_PASSWORD: ROOT.password } });
    rootDir = await mkdtemp(join(work, 'root-'));
    // The password piped in, as a script would.
    const login = xsd(['login', '--email', ROOT.email], envFor(rootDir), `${ROOT.password}\n`);
    expect(login.stderr).toBe('');
    expect(login.status).toBe(0);
    rootToken = await storedToken(rootDir);

    await signInAs('super_admin', 'super_admin');
    await signInAs('admin', 'admin');
    await signInAs('calendar_access', 'calendar_access');
    await signInAs('admin', 'signed out');
    const logout = xsd(['logout'], envFor(configDirs.get('signed out')!));
    expect(logout.status).toBe(0);
    tokens.set('bad token', 'xsd_this-token-was-never-issued');
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('signs in, storing the token in a file only its owner can read', async () => {
    const login = xsd(['login', '--email', ROOT.email, '--password', ROOT.password], envFor(rootDir));
    expect(login.status).toBe(0);
    expect(login.stdout).toMatch(new RegExp(`^Signed in to ${stack.url} as root@silverboard\\.test \\(Super Admin\\); the session ends .+\\.\\n$`));
    expect((await stat(join(rootDir, 'session.json'))).mode & 0o777).toBe(0o600);
    const me = await http('/api/auth/me', { headers: { authorization: `Bearer ${await storedToken(rootDir)}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe('super_admin');
  });

  it('keeps a device token next to the session file (0600) and sends it at the next sign-in: failures then lock that device, not the email', async () => {
    const email = `device-${crypto.randomUUID()}@silverboard.test`;
    const created = await http('/api/admin/users', { method: 'POST', headers: bearer('super_admin'), body: JSON.stringify({ email, role: 'calendar_access' }) });
    expect(created.status).toBe(201);
    const { password } = (await created.json()) as CreateStaffAccountResponse;
    const dir = await mkdtemp(join(work, 'device-'));
    expect(xsd(['login', '--email', email, '--password', password], envFor(dir)).status).toBe(0);
    expect((await stat(join(dir, 'devices.json'))).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(join(dir, 'devices.json'), 'utf8')) as { devices: Record<string, Record<string, string>> };
    expect(stored.devices[stack.url][email]).toMatch(/^d1\./);
    // Five wrong passwords, each sent with the device token: that device is locked out of the account…
    for (let n = 0; n < 5; n += 1) expect(xsd(['login', '--email', email, '--password', 'not the password'], envFor(dir)).status).toBe(1);
    const locked = xsd(['login', '--email', email, '--password', password], envFor(dir));
    expect(locked.status).toBe(1);
    expect(locked.stderr).toContain('Too many failed sign-in attempts');
    // …while the same address and email without it still sign in: the failures were the device's alone.
    expect(xsd(['login', '--email', email, '--password', password], envFor(await mkdtemp(join(work, 'device-other-')))).status).toBe(0);
  });

  it('refuses a wrong password with the spec message, and stores nothing', async () => {
    const dir = await mkdtemp(join(work, 'wrong-'));
    const run = xsd(['login', '--email', ROOT.email, '--password', 'not the password'], envFor(dir));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('xsd: Login failed. Please check your credentials.\n');
    await expect(stat(join(dir, 'session.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a bad token, and says how to sign in again', async () => {
    const dir = await mkdtemp(join(work, 'bad-token-'));
    const session = { token: 'xsd_this-token-was-never-issued', email: ROOT.email, role: 'super_admin', expires_at: '2099-01-01T00:00:00.000Z' };
    await writeFile(join(dir, 'session.json'), JSON.stringify({ version: 1, sessions: { [stack.url]: session } }), { mode: 0o600 });
    const run = xsd(['maintenance', 'on'], envFor(dir));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`xsd: Not signed in to ${stack.url}: Your session has ended. Please sign in again. Run 'xsd login'.\n`);
  });

  it('says when nobody is signed in', async () => {
    const run = xsd(['maintenance', 'off'], envFor(await mkdtemp(join(work, 'nobody-'))));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`xsd: Not signed in to ${stack.url}: run 'xsd login' first.\n`);
  });

  it('refuses maintenance to a role without chain_settings, naming the permission', () => {
    const run = xsd(['maintenance', 'on', '--message', 'nope'], envFor(configDirs.get('calendar_access')!));
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('xsd: Forbidden: Your role (Calendar Manager) does not allow the chain_settings permission.\n');
  });

  it('refuses an invalid --until as bad usage, before calling the server', () => {
    const run = xsd(['maintenance', 'on', '--until', 'next tuesday'], envFor(rootDir));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^xsd: Invalid time 'next tuesday': expected an ISO 8601 time with a time zone .+\n$/);
  });

  it('turns maintenance on and off through the event log: GET /api/site and the live stream show each change', async () => {
    // The stream announces a site change only after its event was projected from the log.
    const controller = new AbortController();
    const siteEvents: SiteSettings[] = [];
    let stream: Response | null = null;
    // A pooled connection the server has just closed fails at once: open a fresh one.
    await waitFor(
      async () => {
        stream = await fetch(`${stack.url}/api/stream`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
        return stream.ok;
      },
      { timeoutMs: 10_000, message: 'the live stream to open' },
    );
    const reading = (async () => {
      const parser = new SseParser();
      const decoder = new TextDecoder();
      for await (const chunk of stream!.body!) {
        for (const message of parser.push(decoder.decode(chunk as Uint8Array, { stream: true }))) {
          if (message.event === 'site') siteEvents.push(JSON.parse(message.data) as SiteSettings);
        }
      }
    })().catch(() => undefined);
    const site = async () => (await (await http('/api/site')).json()) as SiteSettings;

    try {
      const before = Date.now();
      const on = xsd(['maintenance', 'on', '--title', 'Planned upgrade', '--message', 'Back in two hours', '--until', '+2h', '--json'], envFor(configDirs.get('admin')!));
      expect(on.stderr).toBe('');
      expect(on.status).toBe(0);
      const printed = JSON.parse(on.stdout) as SiteSettings;
      expect(printed).toMatchObject({ maintenance_mode: true, maintenance_title: 'Planned upgrade', maintenance_message: 'Back in two hours' });
      const until = Date.parse(printed.expected_up_time!);
      expect(until - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1_000);
      expect(until - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
      expect(await site()).toEqual(printed);
      await waitFor(() => siteEvents.some((e) => e.maintenance_mode && e.maintenance_title === 'Planned upgrade'), {
        timeoutMs: 10_000,
        message: 'the site event of maintenance on',
      });

      const status = xsd(['maintenance', 'status'], { XSD_API_URL: stack.url });
      expect(status.status).toBe(0);
      expect(status.stdout).toMatch(/^Maintenance is ON\nMaintenance\s+ON\nTitle\s+Planned upgrade\nMessage\s+Back in two hours\nExpected up\s+.+\(in (1 h 59 min|2 h)\)\n/);
      const prices = xsd(['prices'], { XSD_API_URL: stack.url });
      expect(prices.stdout.split('\n')[0]).toMatch(/^Site maintenance: Planned upgrade: Back in two hours \(expected back .+\)$/);

      const off = xsd(['maintenance', 'off', '--json'], envFor(configDirs.get('super_admin')!));
      expect(off.status).toBe(0);
      expect(JSON.parse(off.stdout)).toMatchObject({ maintenance_mode: false });
      expect((await site()).maintenance_mode).toBe(false);
      await waitFor(() => siteEvents.at(-1)?.maintenance_mode === false, { timeoutMs: 10_000, message: 'the site event of maintenance off' });
      expect(xsd(['maintenance', 'status', '--json'], { XSD_API_URL: stack.url }).stdout).toContain('"maintenance_mode": false');
    } finally {
      controller.abort();
      await reading;
    }
  });

  it('prints a super admin a one-time reset link (no mail on this stack) that sets the password once and ends the sessions', async () => {
    const email = `reset-${crypto.randomUUID()}@silverboard.test`;
    const created = await http('/api/admin/users', { method: 'POST', headers: { authorization: `Bearer ${rootToken}` }, body: JSON.stringify({ email, role: 'admin' }) });
    const { password } = (await created.json()) as CreateStaffAccountResponse;
    const session = (await (await http('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password, kind: 'bearer' }) })).json()) as { token: string };

    const run = xsd(['users', 'reset-link', email], envFor(configDirs.get('super_admin')!));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^http:\/\/localhost:\d+\/admin\?reset=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}\n$/);
    expect(run.stderr).toMatch(new RegExp(`^One-time link for ${email.replace(/[.]/g, '\\.')}, valid until .+: hand it to its owner only\.\n$`));
    const token = new URL(run.stdout.trim()).searchParams.get('reset')!;
    const confirm = (next: string) => http('/api/auth/password-reset/confirm', { method: 'POST', body: JSON.stringify({ token, password: next }) });
    expect((await confirm('reset by the cli 1')).status).toBe(200);
    expect((await http('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } })).status).toBe(401);
    expect((await confirm('reset by the cli 2')).status).toBe(400);
    expect((await http('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password: 'reset by the cli 1' }) })).status).toBe(200);

    const json = xsd(['users', 'reset-link', email, '--json'], envFor(configDirs.get('super_admin')!));
    expect(JSON.parse(json.stdout)).toEqual({ sent_to: null, link: expect.stringContaining('/admin?reset='), expires_at: expect.any(String) });
  });

  it('refuses reset links to an admin, and names an unknown email', () => {
    const refused = xsd(['users', 'reset-link', ROOT.email], envFor(configDirs.get('admin')!));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe('xsd: Forbidden: Your role (Admin) does not allow the users permission.\n');
    const unknown = xsd(['users', 'reset-link', 'ghost@silverboard.test'], envFor(configDirs.get('super_admin')!));
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('xsd: No staff account has the email ghost@silverboard.test.\n');
    const bad = xsd(['users', 'reset-link', 'not-an-email'], envFor(configDirs.get('super_admin')!));
    expect(bad.status).toBe(2);
  });

  it('signs out: the server ends the session and the file forgets it', async () => {
    const dir = configDirs.get('signed out')!;
    await expect(stat(join(dir, 'session.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await http('/api/auth/me', { headers: bearer('signed out') })).status).toBe(401);
    const again = xsd(['logout'], envFor(dir));
    expect(again.status).toBe(0);
    expect(again.stdout).toBe(`Not signed in to ${stack.url}: nothing to do.\n`);
  });

  describe('the role table on every staff route, with the tokens xsd login stored', () => {
    const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => [route.name, caller, route] as const));
    it.each(cases)('%s as %s', async (_name, caller, route) => {
      const expected = caller === 'super_admin' || caller === 'admin' || caller === 'calendar_access' ? route.expect[caller] : 401;
      const response = await route.send(bearer(caller));
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(expected);
      if (expected >= 400) expect(body).toEqual({ error: { code: expected === 401 ? 'unauthorized' : 'forbidden', message: expect.any(String) } });
    });
  });
});
