/**
 * /calendar (with its iCalendar feed), /arbitrage-hunter and the peg health panel of /silver-price
 * end to end: the built web app on the running stack (embedded, devnet), in Debian's Chromium.
 * One stack for the three screens; events are created through the staff API, prices moved on
 * the devnet's chains.
 */
import type { CreateCalendarEventRequest } from '@xsd/contracts/api/admin-calendar';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';
import { readXsdPrice, setXsdPrice } from '@xsd/services/testing/devnet-prices';
import { firstSilverReading } from './support/first-readings';

const ADMIN = { email: 'e2e-tools@silverboard.test', password: 'e2e-tools-password' };
const WIDTHS = [1366, 375] as const;
let stack: RunningStack;
let browser: Browser;

const pad = (n: number) => String(n).padStart(2, '0');
const today = new Date();
const TODAY = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;

async function createEvents(events: CreateCalendarEventRequest[]): Promise<void> {
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, kind: 'bearer' }),
  });
  const { token } = (await login.json()) as { token: string };
  for (const event of events) {
    const response = await fetch(`${stack.url}/api/admin/calendar-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(event),
    });
    if (response.status !== 201) throw new Error(`POST /api/admin/calendar-events answered ${response.status}: ${await response.text()}`);
  }
}

async function xsdPrice(chain: string): Promise<number | null> {
  const { items } = (await (await fetch(`${stack.url}/api/prices/latest`)).json()) as LatestPricesResponse;
  return items.find((row) => row.token_name === 'XSD' && row.chain_name === chain)?.price ?? null;
}

beforeAll(async () => {
  stack = await startStack({
    env: { XSD_ADMIN_EMAIL: ADMIN.email, XSD_ADMIN_PASSWORD: ADMIN.password, XSD_DEVNET_TICK_MS: String(3_600_000) },
  });
  await firstSilverReading(stack);
  await createEvents([
    {
      title: 'Bridge upgrade',
      type: 'maintenance',
      start_date: TODAY,
      start_time: '23:00',
      end_time: '23:30',
      location: 'Online',
      url: 'https://example.com/bridge',
      description: '<p>Bridges <b>pause</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>',
    },
    ...['Listing', 'AMA', 'Deadline day', 'Update notes'].map((title, i) => ({
      title,
      type: (['announcement', 'event', 'deadline', 'update'] as const)[i],
      start_date: TODAY,
    })),
  ]);
  // A gap between networks big enough for the default thresholds (1 % and $10 on $1000).
  const ethereum = await readXsdPrice(stack.devnetBasePort, 'Ethereum');
  await setXsdPrice(stack.devnetBasePort, 'Polygon', Number((ethereum * 0.95).toFixed(6)));
  await setXsdPrice(stack.devnetBasePort, 'BSC', Number((ethereum * 1.05).toFixed(6)));
  await waitFor(async () => (await xsdPrice('BSC')) === Number((ethereum * 1.05).toFixed(6)), {
    timeoutMs: 60_000,
    intervalMs: 500,
    message: 'the moved BSC price',
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function newPage(width: number): Promise<{ page: Page; problems: ConsoleProblem[] }> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width, height: 900 });
  return { page, problems: collectConsoleErrors(page) };
}

async function overflow(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector('.shell__scroll')!;
    return { page: document.documentElement.scrollWidth - window.innerWidth, main: scroller.scrollWidth - scroller.clientWidth };
  });
}

describe('the screens at 1366 px and 375 px', () => {
  const screens = [
    { path: '/calendar', marker: '[data-testid="day-cell"] .month__event' },
    { path: '/arbitrage-hunter', marker: '[data-testid="opportunity"]' },
    { path: '/silver-price', marker: '[data-testid="peg-Ethereum"] [data-testid="peg-current"]' },
  ];
  for (const width of WIDTHS) {
    it(`render at ${width} px without overflow or console errors`, async () => {
      const { page, problems } = await newPage(width);
      for (const { path, marker } of screens) {
        await page.goto(`${stack.url}${path}`);
        await page.locator(marker).first().waitFor({ timeout: 20_000 });
        expect(await overflow(page), `${path} at ${width}`).toEqual({ page: 0, main: 0 });
      }
      await page.close();
      expect(problems).toEqual([]);
    });
  }
});

describe('/calendar', () => {
  it("shows today's events (3, then '+2 more') and opens one with its description sanitised", async () => {
    const { page, problems } = await newPage(1366);
    await page.goto(`${stack.url}/calendar`);
    const cell = page.locator(`[data-testid="day-cell"][data-date="${TODAY}"]`);
    await cell.locator('.month__event').first().waitFor();
    expect(await page.getByTestId('day-cell').count()).toBe(42);
    expect(await cell.locator('.month__event').count()).toBe(3);
    await cell.getByRole('button', { name: '+2 more' }).click();
    await page.getByTestId('day-dialog').getByRole('button', { name: /Bridge upgrade/ }).click();
    const dialog = page.getByTestId('event-dialog');
    await dialog.getByRole('heading', { name: 'Bridge upgrade' }).waitFor();
    expect(await dialog.locator('.event-details__description b').textContent()).toBe('pause');
    expect(await dialog.locator('img[onerror], script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await dialog.getByRole('link', { name: /Learn More/ }).getAttribute('href')).toBe('https://example.com/bridge');
    await page.keyboard.press('Escape');
    await dialog.getByRole('heading').waitFor({ state: 'detached' });
    // The type filter and the search narrow the grid.
    await page.getByRole('combobox').selectOption('deadline');
    await expect.poll(() => cell.locator('.month__event').allTextContents()).toEqual(['Deadline day']);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('serves the same events as an iCalendar feed with an ETag', async () => {
    const response = await fetch(`${stack.url}/api/calendar.ics`);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    expect(body).toContain(`DTSTART:${TODAY.replace(/-/g, '')}T230000\r\n`);
    expect(body).not.toMatch(/<script|onerror/);
    const again = await fetch(`${stack.url}/api/calendar.ics`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('/arbitrage-hunter', () => {
  it('puts the widest gap first, keeps settings in the browser, and follows live prices', async () => {
    const { page, problems } = await newPage(1366);
    await page.goto(`${stack.url}/arbitrage-hunter`);
    const best = page.getByTestId('opportunity').first();
    await best.waitFor();
    expect(await best.locator('.opportunity__route').textContent()).toBe('Polygon → to BSC');
    expect(await best.getByText('Best Opportunity').count()).toBe(1);
    expect(await page.getByTestId('arb-assistant').textContent()).toMatch(/Best route: buy on Polygon and sell on BSC.*Backup: /);

    // Exclude Polygon with a trade amount under 100 (counted as 1000): saved, and still there after a reload.
    await page.getByTestId('open-settings').click();
    const modal = page.getByTestId('arbitrage-settings');
    await modal.getByRole('spinbutton').fill('50');
    await modal.getByRole('checkbox', { name: 'Polygon' }).check();
    await modal.getByRole('button', { name: 'Save Settings' }).click();
    await page.reload();
    await page.getByTestId('opportunity').first().waitFor();
    expect(await page.getByTestId('arb-summary').textContent()).toContain('on $1,000.00, excluding Polygon');
    expect(await page.getByTestId('opportunity').first().locator('.opportunity__route').textContent()).not.toContain('Polygon');

    // A new price on Avalanche, well above the rest, becomes the best sale without a reload.
    const ethereum = await readXsdPrice(stack.devnetBasePort, 'Ethereum');
    await setXsdPrice(stack.devnetBasePort, 'Avalanche', Number((ethereum * 1.2).toFixed(6)));
    await expect
      .poll(() => page.getByTestId('opportunity').first().locator('.opportunity__route').textContent(), { timeout: 60_000, interval: 500 })
      .toMatch(/→ to Avalanche$/);
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('/silver-price peg health', () => {
  it("shows each chain's deviation and band shares for the chosen range", async () => {
    const { page, problems } = await newPage(1366);
    await page.goto(`${stack.url}/silver-price`);
    const panel = page.getByTestId('peg-health');
    await panel.locator('[data-testid="peg-Ethereum"] [data-testid="peg-shares"]').waitFor({ timeout: 20_000 });
    expect(await panel.locator('.peg-row').count()).toBe(7);
    expect(await panel.locator('[data-testid="peg-Ethereum"] [data-testid="peg-current"]').textContent()).toMatch(/^[+-]?\d+\.\d{2}%/);
    await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: '7D' }).click();
    await panel.getByRole('heading', { name: 'Peg health · 7D' }).waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });
});
