/**
 * Analytics end to end: the built web app in Debian's Chromium sends a page view on load and on a
 * route change (with the previous page's time), and a leave beacon when the page closes; the
 * rows land in PostgreSQL through JetStream, and the Analytics tab draws them under the CSP.
 * Waits poll the database, never a fixed delay: beacons are appended in batches.
 */
import type { AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { createTestDatabase, type TestDatabase } from '@xsd/services/testing/test-database';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '@xsd/services/testing/test-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from './support/admin-api';
import { openTab, signInAtAdmin } from './support/admin-page';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';

const SUPER = { email: 'e2e-analytics@silverboard.test', password: 'e2e-analytics-password' };
/** Headless Chromium names itself HeadlessChrome, which analytics leaves out as a bot. */
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let stack: RunningStack;
let database: TestDatabase;
let visitor: Browser;
let staff: Browser;
let api: AdminApi;
const stream = uniqueStream('E2E');

beforeAll(async () => {
  database = await createTestDatabase();
  stack = await startStack({
    env: {
      DATABASE_URL: database.url,
      NATS_URL: TEST_NATS_URL,
      XSD_STREAM: stream.stream,
      XSD_SUBJECT_PREFIX: stream.subjectPrefix,
      XSD_ADMIN_EMAIL: SUPER.email,
      XSD_ADMIN_PASSWORD: SUPER.password,
      XSD_DEVNET_TICK_MS: String(3_600_000),
    },
  });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  // Two browsers: the staff session cookie must not reach the visitor's beacons.
  visitor = await launchChromium(undefined, { userAgent: DESKTOP_UA, persistent: true });
  staff = await launchChromium();
});

afterAll(async () => {
  await visitor?.close();
  await staff?.close();
  await stack?.stop();
  await deleteStream(stream.stream);
  await database?.drop();
});

const db = () => database.handle.db;
const visits = () => db().selectFrom('analytics_visits').select(['page', 'session_duration', 'device_type', 'visitor_id']).orderBy('created_at').execute();
const leaves = () => db().selectFrom('analytics_events').select(['page', 'event_data', 'visitor_id']).where('event_type', '=', 'page_leave').execute();

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('analytics', () => {
  it('records a view on load and on a route change with the previous page time, and the leave beacon, and the tab shows them', async () => {
    const page = await visitor.context.newPage();
    const problems = collectConsoleErrors(page);
    await page.goto(`${stack.url}/silver-price`);
    await until(visits, (rows) => rows.length === 1, 'the view on load');

    // A route change through the app's own menu, after more than a second on the page.
    await page.waitForTimeout(1_600);
    await page.locator('a[href="/calendar"]').first().click();
    await page.waitForURL('**/calendar');
    const [load, change] = await until(visits, (rows) => rows.length === 2, 'the view of the route change');
    expect(load).toMatchObject({ page: '/silver-price', session_duration: null, device_type: 'desktop' });
    expect(change).toMatchObject({ page: '/calendar', device_type: 'desktop', visitor_id: load!.visitor_id });
    expect(change!.session_duration).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);

    await page.waitForTimeout(1_100);
    await page.close({ runBeforeUnload: true });
    const [leave] = await until(leaves, (rows) => rows.length === 1, 'the leave beacon');
    expect(leave).toMatchObject({ page: '/calendar', visitor_id: load!.visitor_id });
    expect((leave!.event_data as { session_duration: number }).session_duration).toBeGreaterThanOrEqual(1);

    // The rollups: two visits (the leave is a duration, not a visit), both pages, one visitor.
    const stats = await until(
      () => api.request<AnalyticsResponse>('GET', '/api/admin/analytics?days=7'),
      (s) => s.total_visits === 2 && s.average_session_duration > 0,
      'the rollups',
    );
    expect(stats.unique_visitors).toBe(1);
    expect(stats.top_pages.map((p) => p.page).sort()).toEqual(['/calendar', '/silver-price']);
    expect(stats.device_types).toContainEqual({ type: 'desktop', count: 2 });
    // Both timed pages were under 30 s.
    expect(stats.bounce_rate).toBe(100);

    const admin = await staff.context.newPage();
    const adminProblems = collectConsoleErrors(admin);
    await signInAtAdmin(admin, stack.url, SUPER.email, SUPER.password);
    await openTab(admin, 'analytics');
    await expect.poll(async () => admin.getByTestId('analytics-total').textContent()).toContain('2');
    await admin.getByTestId('analytics-chart').locator('canvas').first().waitFor();
    await admin.getByRole('button', { name: 'Monthly (12 months)' }).click();
    expect(await admin.getByTestId('analytics-top-pages').textContent()).toContain('/silver-price');
    // /admin sends no page views.
    expect(await visits()).toHaveLength(2);
    expect(adminProblems.filter((p) => !(/status of 401/.test(p.text) && p.url.endsWith('/api/auth/me')))).toEqual([]);
    await admin.close();
  });
});
