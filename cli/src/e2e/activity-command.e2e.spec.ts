import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivityResponse } from '@xsd/contracts/api/admin-activity';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xsd } from '../testing/run-xsd.js';

const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };

describe('xsd activity against a running stack', () => {
  let stack: RunningStack;
  let work: string;
  let rootDir: string;
  let calendarDir: string;
  const envFor = (configDir: string) => ({ XSD_API_URL: stack.url, XSD_CONFIG_DIR: configDir });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'xsd-activity-e2e-'));
    stack = await startStack({ env: { XSD_ADMIN_EMAIL: ROOT.email, XSD_ADMIN_PASSWORD: ROOT.password } });
    rootDir = await mkdtemp(join(work, 'root-'));
    expect(xsd(['login', '--email', ROOT.email, '--password', ROOT.password], envFor(rootDir)).status).toBe(0);
    const token = (await (await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ROOT.email, password: ROOT.password }),
    })).json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token.token}` };
    const news = await fetch(`${stack.url}/api/admin/news`, { method: 'POST', headers, body: JSON.stringify({ title: 'Upgrade', content: 'Tonight' }) });
    expect(news.status).toBe(201);
    const user = await fetch(`${stack.url}/api/admin/users`, { method: 'POST', headers, body: JSON.stringify({ email: 'cal@silverboard.test', role: 'calendar_access' }) });
    const created = (await user.json()) as CreateStaffAccountResponse;
    calendarDir = await mkdtemp(join(work, 'calendar-'));
    expect(xsd(['login', '--email', 'cal@silverboard.test', '--password', created.password], envFor(calendarDir)).status).toBe(0);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('prints the staff actions newest first as plain text when piped', () => {
    const run = xsd(['activity', '--action', 'news'], envFor(rootDir));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TIME\s+WHO\s+ACTION\s+ITEM\s+CHANGE$/);
    expect(lines[1]).toMatch(/root@silverboard\.test\s+news\.created\s+Upgrade\s+.*title Upgrade/);
  });

  it('answers the route body with --json, filtered by actor and time', () => {
    const run = xsd(['activity', '--actor', ROOT.email, '--since', '1h', '--json'], envFor(rootDir));
    expect(run.status).toBe(0);
    const body = JSON.parse(run.stdout) as ActivityResponse;
    expect(body.items.map((entry) => entry.action)).toEqual(expect.arrayContaining(['news.created', 'staff.account-created']));
    expect(body.items.every((entry) => entry.actor.email === ROOT.email)).toBe(true);
  });

  it('refuses a calendar manager (exit 1, one line) and bad usage (exit 2)', () => {
    const forbidden = xsd(['activity'], envFor(calendarDir));
    expect(forbidden.status).toBe(1);
    expect(forbidden.stderr).toMatch(/^xsd: Forbidden: .+\n$/);
    const usage = xsd(['activity', '--since', 'yesterday'], envFor(rootDir));
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^xsd: Invalid time 'yesterday'/);
  });
});
