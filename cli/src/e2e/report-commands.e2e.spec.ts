import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { DEFAULT_ARBITRAGE_SETTINGS, findArbitrage } from '@xsd/contracts/rules/arbitrage';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xsd } from '../testing/run-xsd.js';

const ADMIN = { email: 'e2e-reports@silverboard.test', password: 'e2e-reports-password' };
const pad = (n: number) => String(n).padStart(2, '0');
const inDays = (n: number) => {
  const day = new Date(Date.now() + n * 86_400_000);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};

describe('xsd calendar, arbitrage and peg against a running stack', () => {
  let stack: RunningStack;
  let env: Record<string, string>;
  const api = async <T>(path: string): Promise<T> => (await fetch(`${stack.url}${path}`)).json() as Promise<T>;

  /** Runs the CLI between two equal reads of the API, so both saw the same answer. */
  async function stable<T>(path: string, args: string[]): Promise<{ answer: T; run: ReturnType<typeof xsd> }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = JSON.stringify(await api<T>(path));
      const run = xsd(args, env);
      const after = await api<T>(path);
      if (before === JSON.stringify(after)) return { answer: after, run };
    }
    throw new Error(`${path} kept changing during the CLI run`);
  }

  beforeAll(async () => {
    stack = await startStack({
      env: { XSD_ADMIN_EMAIL: ADMIN.email, XSD_ADMIN_PASSWORD: ADMIN.password, XSD_DEVNET_TICK_MS: String(3_600_000) },
    });
    env = { XSD_API_URL: stack.url, XSD_CONFIG_DIR: '/nonexistent/xsd-e2e' };
    await waitFor(async () => (await api<LatestPricesResponse>('/api/prices/latest')).items.every((i) => i.price !== null), {
      timeoutMs: 90_000,
      intervalMs: 500,
      message: 'the first prices',
    });
    const login = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, kind: 'bearer' }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const event of [
      { title: 'Past launch', start_date: inDays(-10) },
      { title: 'Bridge upgrade', type: 'maintenance', start_date: inDays(2), start_time: '14:00', end_time: '16:30', location: 'Online' },
    ]) {
      const created = await fetch(`${stack.url}/api/admin/calendar-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(event),
      });
      expect(created.status).toBe(201);
    }
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('xsd calendar lists the upcoming events (all with --all), as JSON or text with the feed', () => {
    const upcoming = xsd(['calendar', '--json'], env);
    expect(upcoming.status).toBe(0);
    expect((JSON.parse(upcoming.stdout) as CalendarEventsResponse).items.map((e) => e.title)).toEqual(['Bridge upgrade']);
    const all = xsd(['calendar', '--all', '--json'], env);
    expect((JSON.parse(all.stdout) as CalendarEventsResponse).items.map((e) => e.title)).toEqual(['Past launch', 'Bridge upgrade']);
    const text = xsd(['calendar'], env);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`${inDays(2)}\\s+14:00-16:30\\s+maintenance\\s+Bridge upgrade\\s+Online`));
    expect(text.stdout).toContain(`Subscribe: ${stack.url}/api/calendar.ics`);
  });

  it('xsd arbitrage runs the contracts rule over the latest prices, with the given thresholds', async () => {
    const { answer, run } = await stable<LatestPricesResponse>('/api/prices/latest', [
      'arbitrage',
      '--amount',
      '5000',
      '--min-percent',
      '0.1',
      '--min-profit',
      '1',
      '--json',
    ]);
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as { opportunities: unknown[]; settings: unknown; advice: string; disclaimer: string };
    const settings = { ...DEFAULT_ARBITRAGE_SETTINGS, tradeAmount: 5000, minProfitPercentage: 0.1, minProfitAmount: 1 };
    expect(printed.settings).toEqual(settings);
    expect(printed.opportunities).toEqual(findArbitrage(answer.items.filter((i) => i.token_name === 'XSD'), settings));
    expect(printed.disclaimer).toMatch(/gas fees, slippage and bridge fees are not counted/);
  });

  it('refuses a trade amount under 100 as bad usage, in one line', () => {
    const run = xsd(['arbitrage', '--amount', '50'], env);
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe("xsd: --amount must be a number of at least 100, got '50'");
  });

  it('xsd peg prints GET /api/prices/peg as it came, and the table without a terminal', async () => {
    const { answer, run } = await stable<PegHealthResponse>('/api/prices/peg?days=7', ['peg', '--days', '7', '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(answer);
    const text = xsd(['peg'], env);
    expect(text.status).toBe(0);
    expect(text.stdout.split('\n')[1]).toMatch(/^CHAIN\s+NOW\s+BAND\s+ON PEG <1%\s+SLIGHT <=5%\s+OFF >5%\s+WORST$/);
    expect(text.stdout).toMatch(/^Ethereum\s+[+-]?\d+\.\d{2}%/m);
    expect(xsd(['peg', '--days', '400'], env)).toMatchObject({ status: 2, stderr: 'xsd: Days must be between 1 and 365\n' });
  });
});
