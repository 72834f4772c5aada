/**
 * Analytics end to end: a visitor's page views reach the Analytics tab by beacon from the built
 * web app in Debian's Chromium, and the tab's chart draws under the Content-Security-Policy.
 */
import type { AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from './support/admin-api';
import { openTab, signInAtAdmin } from './support/admin-page';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';

const SUPER = { email: 'e2e-analytics@silverboard.test', password: 'e2e-analytics-password' };
/** Headless Chromium names itself HeadlessChrome, which analytics leaves out as a bot. */
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let stack: RunningStack;
let browser: Browser;
let api: AdminApi;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_ADMIN_EMAIL: SUPER.email, XSD_ADMIN_PASSWORD: SUPER.password, XSD_DEVNET_TICK_MS: String(3_600_000) } });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function visitorPage(): Promise<Page> {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.setUserAgentOverride', { userAgent: DESKTOP_UA });
  return page;
}

const stats = () => api.request<AnalyticsResponse>('GET', '/api/admin/analytics?days=7');

describe('analytics', () => {
  it('records a page view per route, each with its duration, and shows them in the Analytics tab', async () => {
    const page = await visitorPage();
    await page.goto(`${stack.url}/silver-price`);
    await page.locator('main').waitFor();
    // A route change inside the app ends the first view; closing the page ends the second.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/calendar');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/calendar');
    await page.close({ runBeforeUnload: true });

    await waitFor(async () => (await stats()).total_visits >= 2, { timeoutMs: 20_000, intervalMs: 250, message: 'two page views counted' });
    const counted = await stats();
    expect(counted.top_pages.map((p) => p.page).sort()).toEqual(['/calendar', '/silver-price']);
    expect(counted.device_types).toContainEqual({ type: 'desktop', count: 2 });

    const admin = await browser.context.newPage();
    const problems = collectConsoleErrors(admin);
    await signInAtAdmin(admin, stack.url, SUPER.email, SUPER.password);
    await openTab(admin, 'analytics');
    expect(await admin.getByTestId('analytics-total').textContent()).toContain('2');
    await admin.getByTestId('analytics-chart').locator('canvas').first().waitFor();
    await admin.getByRole('button', { name: 'Monthly (12 months)' }).click();
    expect(await admin.getByTestId('analytics-top-pages').textContent()).toContain('/silver-price');
    // /admin sends no page views.
    expect((await stats()).total_visits).toBe(2);
    expect(problems.filter((p) => !(/status of 401/.test(p.text) && p.url.endsWith('/api/auth/me')))).toEqual([]);
    await admin.close();
  });
});
