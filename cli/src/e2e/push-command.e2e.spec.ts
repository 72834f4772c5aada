import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminNewsItemResponse } from '@xsd/contracts/api/admin-news';
import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import type { NewsPushResponse, PushStatusResponse } from '@xsd/contracts/api/push';
import { type PushReceiver, startPushReceiver } from '@xsd/services/testing/push-receiver';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xsd } from '../testing/run-xsd.js';

const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };
const ALERTS = {
  token: [{ id: 't1', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.05, enabled: true, lastTriggered: null }],
  silver: [{ id: 's1', condition: 'below', price: 0.9, enabled: true, lastTriggered: null }],
  calendar: [],
};

describe('xsd push status against a running stack that sends web push to the loopback receiver', () => {
  let receiver: PushReceiver;
  let stack: RunningStack;
  let work: string;
  let rootDir: string;
  let calendarDir: string;
  let pushed: NewsPushResponse;
  const envFor = (configDir: string) => ({ XSD_API_URL: stack.url, XSD_CONFIG_DIR: configDir });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'xsd-push-e2e-'));
    receiver = await startPushReceiver();
    // The stack trusts the receiver's self-signed certificate as a real deployment trusts a push
    // service's, and lets push endpoints be on its address (127.0.0.1), which only tests may.
    stack = await startStack({
      env: { XSD_ADMIN_EMAIL: ROOT.email, XSD_ADMIN_PASSWORD: ROOT.password, NODE_EXTRA_CA_CERTS: receiver.caFile, XSD_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
    });
    rootDir = await mkdtemp(join(work, 'root-'));
    const login = xsd(['login', '--email', ROOT.email, '--password', ROOT.password], envFor(rootDir));
    expect(login.stderr).toBe('');
    expect(login.status).toBe(0);

    const { publicKey } = (await (await fetch(`${stack.url}/api/push/key`)).json()) as { publicKey: string };
    const [kept, alsoKept, gone] = receiver.createSubscribers(3, { applicationServerKey: publicKey });
    for (const subscription of [kept!, alsoKept!, gone!]) {
      const saved = await fetch(`${stack.url}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscription, alerts: ALERTS }),
      });
      expect(saved.status).toBe(200);
    }
    receiver.unsubscribe(gone!);

    const { token } = (await (await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ROOT),
    })).json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const news = (await (await fetch(`${stack.url}/api/admin/news`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Bridge upgrade', content: '<p>Bridges pause at <b>10:00</b>.</p>', notify_users: true }),
    })).json()) as AdminNewsItemResponse;
    pushed = (await (await fetch(`${stack.url}/api/admin/news/${news.item.id}/push`, { method: 'POST', headers })).json()) as NewsPushResponse;

    const user = await fetch(`${stack.url}/api/admin/users`, { method: 'POST', headers, body: JSON.stringify({ email: 'cal@silverboard.test', role: 'calendar_access' }) });
    const created = (await user.json()) as CreateStaffAccountResponse;
    calendarDir = await mkdtemp(join(work, 'calendar-'));
    expect(xsd(['login', '--email', 'cal@silverboard.test', '--password', created.password], envFor(calendarDir)).status).toBe(0);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('the stack sent the news to the two live subscriptions and pruned the one that is gone', async () => {
    expect(pushed).toEqual({ success: true, sent: 2, failed: 1, total: 3 });
    const pushes = await receiver.waitForPushes(2);
    expect(pushes.map((push) => push.json)).toEqual([
      expect.objectContaining({ title: 'Bridge upgrade', body: 'Bridges pause at 10:00.' }),
      expect.objectContaining({ title: 'Bridge upgrade', body: 'Bridges pause at 10:00.' }),
    ]);
    expect(receiver.rejected()).toEqual([]);
  });

  it('prints subscriptions, rules and the last day of deliveries as plain text when piped', () => {
    const run = xsd(['push', 'status'], envFor(rootDir));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Web push');
    expect(lines).toContainEqual(expect.stringMatching(/^Subscriptions\s+2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}Price\s+2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}Silver\s+2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}Calendar\s+0$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}Sent\s+2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}Pruned \(subscription gone\)\s+1$/));
  });

  it('answers the route body with --json', () => {
    const run = xsd(['push', 'status', '--json'], envFor(rootDir));
    expect(run.status).toBe(0);
    const body = JSON.parse(run.stdout) as PushStatusResponse;
    expect(body).toEqual({
      subscriptions: 2,
      rules: { price: 2, silver: 2, calendar: 0 },
      deliveries: { sent: 2, failed: 0, pruned: 1 },
      generated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('refuses a calendar manager and someone not signed in (exit 1, one line)', async () => {
    const forbidden = xsd(['push', 'status'], envFor(calendarDir));
    expect(forbidden.status).toBe(1);
    expect(forbidden.stderr).toMatch(/^xsd: Forbidden: .+analytics.+\n$/);
    const nobody = xsd(['push', 'status'], envFor(await mkdtemp(join(work, 'nobody-'))));
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toMatch(/^xsd: Not signed in to .+: run 'xsd login' first\.\n$/);
  });
});
