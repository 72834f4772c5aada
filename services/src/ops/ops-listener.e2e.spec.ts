import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskRpcUrl } from '../chains/rpc/rpc-endpoint.js';
import { type RunningStack, startStack } from '../testing/stack.js';

const ADMIN_EMAIL = 'ops-root@silverboard.test';
const ADMIN_PASSWORD = `Pw-${randomBytes(12).toString('hex')}`;
const WRONG_PASSWORD = `Wrong-${randomBytes(12).toString('hex')}`;
/** An RPC provider's key in the path and another in the query, as providers hand them out. */
const PATH_KEY = `pathkey${randomBytes(8).toString('hex')}`;
const QUERY_KEY = `querykey${randomBytes(8).toString('hex')}`;
// Nothing listens on port 9 (discard): the endpoint fails, and is still labelled wherever it shows.
const SECRET_RPC_URL = `http://127.0.0.1:9/v3/${PATH_KEY}?apikey=${QUERY_KEY}`;

/** Every value of one label in the exposition text. */
function labelValues(text: string, label: string): string[] {
  return [...text.matchAll(new RegExp(`[{,]${label}="([^"]*)"`, 'g'))].map((match) => match[1]);
}

describe('the ops listener of `make start` (the all role, in its own process)', () => {
  let stack: RunningStack;
  let folder: string;
  let token: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'silverboard-ops-'));
    const networksFile = join(folder, 'networks.json');
    await writeFile(networksFile, JSON.stringify({ Ethereum: { rpcUrls: [SECRET_RPC_URL] } }));
    stack = await startStack({ env: { XSD_ADMIN_EMAIL: ADMIN_EMAIL, XSD_ADMIN_PASSWORD: ADMIN_PASSWORD, XSD_NETWORKS_FILE: networksFile } });
    const login = (password: string) =>
      fetch(`${stack.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password }),
      });
    expect((await login(WRONG_PASSWORD)).status).toBe(401);
    const signedIn = await login(ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    token = ((await signedIn.json()) as { token: string }).token;
    expect((await fetch(`${stack.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('serves /metrics, /livez and /readyz on a free port of its own, not on the public port', async () => {
    expect(stack.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.metricsUrl).not.toBe(stack.url);
    expect(stack.env.XSD_METRICS_PORT).not.toBe('9464');
    const live = await fetch(`${stack.metricsUrl}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${stack.metricsUrl}/readyz`);
    expect(ready.status).toBe(200);
    const report = (await ready.json()) as { status: string; checks: Record<string, { ok?: boolean; skipped?: string }> };
    // The all role runs every part: nothing is skipped.
    expect(report.status).toBe('ready');
    expect(Object.values(report.checks).map((check) => check.ok)).toEqual([true, true, true, true]);
    const publicMetrics = await fetch(`${stack.url}/metrics`);
    expect(await publicMetrics.text()).not.toContain('# TYPE');
  });

  it('never shows a password, a session token or an RPC key in a scrape; endpoints by scheme and host only', async () => {
    const scrape = await fetch(`${stack.metricsUrl}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    // The requests above are there, by route template.
    expect(text).toMatch(/xsd_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status_class="4xx"\} 1/);
    expect(text).toMatch(/xsd_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/login",status_class="2xx"\} 1/);
    expect(text).toContain('xsd_event_log_appends_total{type=');
    for (const secret of [ADMIN_PASSWORD, WRONG_PASSWORD, token, PATH_KEY, QUERY_KEY]) expect(text).not.toContain(secret);
    // The endpoint with keys in its path and query, checked at start, is labelled by scheme and host only.
    expect(labelValues(text, 'endpoint')).toContain(maskRpcUrl(SECRET_RPC_URL));
    for (const endpoint of labelValues(text, 'endpoint')) expect(maskRpcUrl(endpoint)).toBe(endpoint);
  });
});
