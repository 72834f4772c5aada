/**
 * /admin end to end: the built web app on the running stack (embedded, devnet) in Debian's
 * Chromium. One sign-in per role; each uses every tab it may and sees the others absent. Staff
 * changes reach a visitor's open dashboard live, and stored HTML never runs a script.
 */
import type { AdminNewsItemResponse } from '@xsd/contracts/api/admin-news';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from './support/admin-api';
import { openTab, signInAtAdmin, visibleTabs } from './support/admin-page';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';

const SUPER = { email: 'e2e-super@silverboard.test', password: 'e2e-super-password' };
const ADMIN = { email: 'e2e-admin@silverboard.test', password: '' };
const CALENDAR = { email: 'e2e-calendar@silverboard.test', password: '' };
const ALL_TABS = ['overview', 'breaking_news', 'calendar', 'analytics', 'chain_settings', 'contact_submissions', 'maintenance', 'api_keys', 'passwords', 'users', 'activity', 'channels'];

let stack: RunningStack;
let staff: Browser;
let visitor: Browser;
let api: AdminApi;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_ADMIN_EMAIL: SUPER.email, XSD_ADMIN_PASSWORD: SUPER.password, XSD_DEVNET_TICK_MS: String(3_600_000) } });
  await waitFor(async () => (await fetch(`${stack.url}/api/prices/latest`)).status === 200, { timeoutMs: 60_000, intervalMs: 250, message: 'the first prices' });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  ADMIN.password = await api.createStaff(ADMIN.email, 'admin');
  CALENDAR.password = await api.createStaff(CALENDAR.email, 'calendar_access');
  [staff, visitor] = await Promise.all([launchChromium(), launchChromium()]);
});

afterAll(async () => {
  await staff?.close();
  await visitor?.close();
  await stack?.stop();
});

/** A sign-in page of its own: the session cookie is per browser, so each role signs out at the end. */
async function staffPage(viewport?: { width: number; height: number }): Promise<{ page: Page; problems: ConsoleProblem[] }> {
  const page = await staff.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  return { page, problems: collectConsoleErrors(page) };
}

/** The login screen's own check: without a session `GET /api/auth/me` answers 401, which Chromium logs. */
const expected = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => !(/status of 401/.test(problem.text) && problem.url.endsWith('/api/auth/me')));

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.close();
}

describe('/admin per role', () => {
  it('super_admin: every tab, users created and deleted, an API key shown once, maintenance on and off', async () => {
    const { page, problems } = await staffPage();
    await signInAtAdmin(page, stack.url, SUPER.email, SUPER.password);
    expect(await page.getByTestId('admin-greeting').textContent()).toBe('Welcome back, e2e-super');
    expect(await page.getByTestId('admin-role').textContent()).toBe('Super Admin');
    expect(await visibleTabs(page)).toEqual(ALL_TABS);
    expect(await page.getByTestId('admin-tab-users').textContent()).toContain('Super Admin');

    await page.getByTestId('stat-staff').waitFor();

    // Users: create (one-time credentials), then delete after confirming; no delete on one's own row.
    await openTab(page, 'users');
    await page.getByTestId(`user-${SUPER.email}`).waitFor();
    expect(await page.getByTestId(`user-${SUPER.email}`).getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await page.getByRole('button', { name: '+ Add User' }).click();
    await page.getByTestId('user-form').getByLabel('Email').fill('e2e-temp@silverboard.test');
    await page.getByRole('button', { name: 'Create User' }).click();
    expect((await page.getByTestId('credentials-password').textContent())!.length).toBe(12);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Delete user e2e-temp@silverboard.test' }).click();
    expect(await page.getByRole('alertdialog').textContent()).toContain('cannot be undone');
    await page.getByRole('button', { name: 'Confirm Delete' }).click();
    await page.getByTestId('user-e2e-temp@silverboard.test').waitFor({ state: 'detached' });

    // API keys: shown once until confirmed, masked afterwards.
    await openTab(page, 'api_keys');
    await page.getByRole('button', { name: '+ New Key' }).click();
    await page.getByTestId('api-key-form').getByLabel('Name *').fill('E2E sender');
    await page.getByRole('button', { name: 'Create Key' }).click();
    expect((await page.getByTestId('api-key-value').textContent())!.length).toBe(48);
    await page.getByRole('button', { name: "I've Copied My Key" }).click();
    const keyRow = page.getByTestId('api-key-item').filter({ hasText: 'E2E sender' });
    expect(await keyRow.textContent()).toContain('•'.repeat(48));

    // Maintenance: on (the public site shows the maintenance screen), then off.
    await openTab(page, 'maintenance');
    await page.getByRole('button', { name: 'Enable Maintenance' }).click();
    await expect.poll(() => page.getByTestId('maintenance-state').textContent()).toBe('ON');
    await page.getByRole('button', { name: 'Disable Maintenance' }).click();
    await expect.poll(() => page.getByTestId('maintenance-state').textContent()).toBe('OFF');

    await openTab(page, 'passwords');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByTestId('change-password-form').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Activity: what this test just did, newest first.
    await openTab(page, 'activity');
    await page.getByTestId('activity-entry').first().waitFor();
    expect(await page.getByTestId('activity-list').textContent()).toContain('e2e-temp@silverboard.test');

    for (const tab of ['chain_settings', 'breaking_news', 'calendar', 'overview']) await openTab(page, tab);
    await signOut(page);
    expect(expected(problems)).toEqual([]);
  });

  it('admin: no Users tab; a news item created here shows on / in another browser without a reload; an inactive chain dims its cards', async () => {
    const { page, problems } = await staffPage();
    await signInAtAdmin(page, stack.url, ADMIN.email, ADMIN.password);
    expect(await visibleTabs(page)).toEqual(ALL_TABS.filter((tab) => tab !== 'users'));

    const visitorPage = await visitor.context.newPage();
    const visitorProblems = collectConsoleErrors(visitorPage);
    await visitorPage.goto(`${stack.url}/`);
    await visitorPage.getByTestId('tile-XSD-Ethereum').waitFor();
    await visitorPage.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await openTab(page, 'breaking_news');
    await page.getByRole('button', { name: '+ New Item' }).click();
    const form = page.getByTestId('news-form');
    await form.getByLabel('Title *').fill('E2E live headline');
    await form.getByLabel('Content * (HTML allowed)').fill('<b>Live</b> from the staff panel');
    await form.getByLabel('Priority (1-5)').selectOption('5');
    await page.getByRole('button', { name: 'Create News' }).click();
    await page.getByTestId('news-item').filter({ hasText: 'E2E live headline' }).waitFor();
    await visitorPage.getByTestId('news-banner').filter({ hasText: 'E2E live headline' }).waitFor({ timeout: 20_000 });

    // Partial edit, then the eye toggle hides it for the visitor too.
    await page.getByRole('button', { name: 'Edit news item E2E live headline' }).click();
    await form.getByLabel('Title *').fill('E2E live headline (edited)');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visitorPage.getByTestId('news-banner').filter({ hasText: 'E2E live headline (edited)' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Hide news item E2E live headline (edited)' }).click();
    await visitorPage.getByTestId('news-banner').filter({ hasText: 'E2E live headline (edited)' }).waitFor({ state: 'detached', timeout: 20_000 });

    // Chain Settings: Base into maintenance with a message; the visitor's cards dim and carry it.
    await openTab(page, 'chain_settings');
    await page.getByRole('button', { name: 'Edit Base' }).click();
    const chainForm = page.getByTestId('chain-form');
    await chainForm.getByLabel('Status of Base').selectOption('maintenance');
    expect(await chainForm.getByTestId('chain-message-warning').count()).toBe(1);
    await chainForm.getByLabel('Maintenance message').fill('Base bridge upgrade');
    await chainForm.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('chain-Base').getByTestId('chain-saved').waitFor();
    await visitorPage.getByTestId('toggle-XSD').click();
    const card = visitorPage.getByTestId('card-XSD-Base');
    await expect.poll(() => card.getAttribute('class'), { timeout: 20_000 }).toContain('price-card--maintenance');
    expect(await card.textContent()).toContain('Base bridge upgrade');
    await page.getByRole('button', { name: 'Set Active: Base' }).click();
    await expect.poll(() => card.getAttribute('class'), { timeout: 20_000 }).not.toContain('price-card--maintenance');
    expect(await visitorPage.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    for (const tab of ['calendar', 'maintenance', 'api_keys', 'passwords', 'activity', 'overview']) await openTab(page, tab);
    // A fragment naming a forbidden tab falls back to Overview.
    await page.evaluate(() => (window.location.hash = '#users'));
    await page.getByTestId('admin-section-overview').waitFor();
    await signOut(page);
    await visitorPage.close();
    expect(expected(problems)).toEqual([]);
    expect(visitorProblems).toEqual([]);
  });

  it('calendar_access: Overview and Calendar only, the Your Role badge, events created and deleted, at 375 px', async () => {
    const { page, problems } = await staffPage({ width: 375, height: 812 });
    await signInAtAdmin(page, stack.url, CALENDAR.email, CALENDAR.password);
    expect(await page.getByTestId('admin-role').textContent()).toBe('Calendar Manager');
    expect(await visibleTabs(page)).toEqual(['overview', 'calendar']);
    await page.getByTestId('stat-events').waitFor();
    expect(await page.getByTestId('stat-news').count()).toBe(0);

    await openTab(page, 'calendar');
    await page.getByTestId('your-role-badge').waitFor();
    await page.getByRole('button', { name: '+ New Event' }).click();
    const form = page.getByTestId('event-form');
    await form.getByLabel('Title *').fill('E2E community call');
    await form.getByLabel('URL').fill('not a url');
    await form.getByLabel('Start date *').fill('2031-03-04');
    await page.getByRole('button', { name: 'Create Event' }).click();
    expect(await form.getByTestId('event-form-status').textContent()).toBe('Please enter a valid URL (http:// or https://)');
    await form.getByLabel('URL').fill('https://example.org/call');
    await page.getByRole('button', { name: 'Create Event' }).click();
    const row = page.getByTestId('event-item').filter({ hasText: 'E2E community call' });
    await row.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Delete event E2E community call' }).click();
    await page.getByRole('button', { name: 'Confirm Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await signOut(page);
    expect(expected(problems)).toEqual([]);
  });
});

describe('stored HTML', () => {
  const PAYLOADS = [
    '<img src=x onerror="window.__xss=1">',
    '<script>window.__xss=1</script>',
    '<svg onload="window.__xss=1"></svg>',
    '<a href="javascript:window.__xss=1" id="xss-link">link</a>',
    '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
    '<div style="background:url(javascript:window.__xss=1)">styled</div>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
    '<details open ontoggle="window.__xss=1">d</details>',
  ];

  it('runs no script from news content on the public banner or in the admin list', async () => {
    const ids: string[] = [];
    for (const [index, payload] of PAYLOADS.entries()) {
      const { item } = await api.request<AdminNewsItemResponse>('POST', '/api/admin/news', {
        title: `XSS ${index}`,
        content: `Payload ${index}: ${payload}`,
        priority: 1,
      });
      ids.push(item.id);
    }
    const pages: Page[] = [];
    const check = async (page: Page, region: string) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.locator('#xss-link').first().click({ timeout: 2_000 }).catch(() => undefined);
      expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(await page.locator(region).locator('script, iframe, [onerror], [onload], [ontoggle], [style]').count()).toBe(0);
      expect(dialogs).toEqual([]);
    };

    const publicPage = await visitor.context.newPage();
    const publicProblems = collectConsoleErrors(publicPage);
    pages.push(publicPage);
    await publicPage.goto(`${stack.url}/`);
    await publicPage.getByTestId('news-banner').first().waitFor();
    await check(publicPage, '[data-testid="news-banner"]');

    const { page: adminPage, problems: adminProblems } = await staffPage();
    pages.push(adminPage);
    await signInAtAdmin(adminPage, stack.url, SUPER.email, SUPER.password);
    await openTab(adminPage, 'breaking_news');
    await adminPage.getByTestId('news-item').filter({ hasText: `XSS ${PAYLOADS.length - 1}` }).waitFor();
    await check(adminPage, '[data-testid="news-list"]');
    await signOut(adminPage);

    expect(publicProblems.filter((p) => /CSP|uncaught/.test(p.text))).toEqual([]);
    expect(adminProblems.filter((p) => /CSP|uncaught/.test(p.text))).toEqual([]);
    for (const id of ids) await api.request('DELETE', `/api/admin/news/${id}`);
  });
});

describe('dashboard preferences of signed-in staff', () => {
  /** The dashboard's widgets as rendered, in order. */
  const widgetOrder = (page: Page) =>
    page.locator('.dashboard-widgets [data-testid^="widget-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));

  it("keeps a layout change on the server: a new browser signed in as the same staff member gets it, a visitor does not", async () => {
    const first = await launchChromium();
    const second = await launchChromium();
    try {
      const page = await first.context.newPage();
      const problems = collectConsoleErrors(page);
      await signInAtAdmin(page, stack.url, ADMIN.email, ADMIN.password);
      await page.goto(`${stack.url}/`);
      await page.getByTestId('header-staff').waitFor();
      await page.getByTestId('customize').click();
      const modal = page.getByTestId('customize-modal');
      await modal.getByRole('button', { name: 'Move BankX Prices up' }).click();
      await modal.getByRole('button', { name: 'Silver Metrics: visible, hide it' }).click();
      expect(await modal.getByTestId('anonymous-note').count()).toBe(0);
      await modal.getByRole('button', { name: 'Save Preferences' }).click();
      await modal.getByText('Your preferences have been saved successfully!').waitFor();
      await modal.waitFor({ state: 'hidden' });
      const changed = await widgetOrder(page);
      expect(changed).not.toContain('widget-silver-metrics');
      expect(changed.indexOf('widget-bankx-prices')).toBeLessThan(changed.indexOf('widget-xsd-prices'));
      // Kept on the server, not in this browser.
      expect(await page.evaluate(() => localStorage.getItem('dashboard-preferences'))).toBeNull();

      const again = await second.context.newPage();
      await signInAtAdmin(again, stack.url, ADMIN.email, ADMIN.password);
      await again.goto(`${stack.url}/`);
      await expect.poll(() => widgetOrder(again), { timeout: 15_000 }).toEqual(changed);

      const anonymous = await visitor.context.newPage();
      await anonymous.goto(`${stack.url}/`);
      await anonymous.getByTestId('widget-silver-metrics').waitFor();
      await anonymous.getByTestId('customize').click();
      await anonymous.getByTestId('anonymous-note').waitFor();
      await anonymous.close();

      expect(expected(problems)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
