/**
 * The public app end to end: the built web app served by the running stack (`make start`'s
 * launcher, embedded, on its devnet), driven in Debian's headless Chromium. One stack for the
 * whole file.
 */
import { formatUsd } from '@xsd/contracts/rules/format';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/config/routes';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';
import { readXsdPrice, setXsdPrice } from '@xsd/services/testing/devnet-prices';
import { signIn } from './support/staff-api';
import { firstSilverReading } from './support/first-readings';

/**
 * Read routes the shell calls that other issues deliver. While one of them still answers 404, the
 * browser's "Failed to load resource: 404" line for it is not counted (and is reported once).
 */
const ROUTES_FROM_OTHER_ISSUES = ['/api/site', '/api/stream', '/api/news', '/api/calendar/events'];

const ADMIN = { email: 'e2e-admin@silverboard.test', password: 'e2e-admin-password' };
let stack: RunningStack;
let browser: Browser;
let missingServerRoutes: Set<string>;

beforeAll(async () => {
  stack = await startStack({
    env: {
      XSD_ADMIN_EMAIL: ADMIN.email,
      XSD_ADMIN_PASSWORD: ADMIN.password,
      // The market simulator stays still, so the only price move is the test's own.
      XSD_DEVNET_TICK_MS: String(3_600_000),
    },
  });
  // The first ingestor tick is in: prices and silver are readable.
  await firstSilverReading(stack);
  const probes = await Promise.all(
    ROUTES_FROM_OTHER_ISSUES.map(async (path) => {
      const controller = new AbortController();
      const response = await fetch(`${stack.url}${path}`, { signal: controller.signal });
      controller.abort(); // the stream never ends
      return [path, response.status] as const;
    }),
  );
  missingServerRoutes = new Set(probes.filter(([, status]) => status === 404).map(([path]) => path));
  if (missingServerRoutes.size > 0) {
    console.warn(`Routes not served yet (their 404s are not counted): ${[...missingServerRoutes].join(', ')}`);
  }
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

function unexpected(problems: readonly ConsoleProblem[]): ConsoleProblem[] {
  return problems.filter((problem) => {
    if (!/status of 404/.test(problem.text) || !problem.url) return true;
    return !missingServerRoutes.has(new URL(problem.url).pathname);
  });
}

async function newPage(viewport?: { width: number; height: number }): Promise<{ page: Page; problems: ConsoleProblem[] }> {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  return { page, problems: collectConsoleErrors(page) };
}

/** What proves each screen rendered (not just the shell). */
function screenMarker(path: string): string {
  switch (path) {
    case '/':
      return '[data-testid="tile-XSD-Ethereum"] [data-testid="price"]';
    case '/silver-price':
      return '[data-testid="silver-chart"] canvas, [data-testid="silver-empty"]';
    case '/calendar':
      return '[data-testid="month-grid"]';
    case '/arbitrage-hunter':
      return '[data-testid="arb-opportunities"]';
    case '/admin':
      return '[data-testid="page-admin"]';
    case '/wallet-checker':
      return '[data-testid="validity-dot"]';
    case '/add-to-wallet':
      return '[data-testid="network:Ethereum"]';
    case '/system-compatibility':
      return '[data-testid="verdict"]';
    case '/api-access':
      return '[data-testid="api-base-url"]';
    case '/shop':
      return '[data-testid="shop"]';
    case '/socials':
      return '[data-testid="socials"]';
    case '/about':
      return '[data-testid="about"]';
    case '/about-site':
      return '[data-testid="guide"]';
    case '/contact':
      return '[data-testid="contact-form"]';
    case '/price-alerts':
      return '[data-testid="alerts-counter"]';
    default:
      return '[data-testid="page-placeholder"] h1';
  }
}

describe('the first paint', () => {
  it("is the app's shell, static in the page, and its one script starts the app after that paint", async () => {
    const html = await (await fetch(`${stack.url}/calendar`)).text();
    const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    // Inert and without test ids until the app's first render replaces it.
    expect(root).toMatch(/^<div class="shell" inert=""/);
    expect(root).not.toContain('data-testid');
    for (const part of [
      '<span class="header__title">Silverboard</span>',
      '<nav class="nav" aria-label="Main">',
      '<a class="nav-link" href="/silver-price"',
      '<main id="main" class="main" tabindex="-1"><p class="page-loading" role="status" aria-live="polite">Loading',
      'class="statusline"',
    ]) {
      expect(root).toContain(part);
    }
    const scripts = [...html.matchAll(/<script\b[^>]*>|<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual([expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/)]);
  });
});

describe('the public app in Chromium', () => {
  it('renders every route of the route table without console errors', async () => {
    const paths = [...ROUTES.filter((route) => route.routed).map((route) => route.path), '/admin'];
    const { page, problems } = await newPage();
    const failures: string[] = [];
    for (const path of paths) {
      problems.length = 0;
      const response = await page.goto(`${stack.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.locator(screenMarker(path)).first().waitFor({ state: 'visible', timeout: 15_000 });
      await expect.poll(() => page.title(), { message: `${path} title` }).not.toBe('');
      for (const problem of unexpected(problems)) failures.push(`${path}: ${problem.text} (${problem.url})`);
    }
    await page.close();
    expect(failures).toEqual([]);
  });

  it('saves the dashboard layout in this browser from the customize modal', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${stack.url}/`);
    await page.getByTestId('widget-ai-prediction').waitFor();
    await page.getByTestId('customize').click();
    const modal = page.getByTestId('customize-modal');
    await expect.poll(() => modal.getByTestId('anonymous-note').textContent()).toBe(
      "You're not signed in. Your preferences will be saved to this browser only.",
    );
    await modal.getByRole('button', { name: 'AI Prediction (Beta): visible, hide it' }).click();
    await modal.getByRole('button', { name: 'Move BankX Prices up' }).click();
    await modal.getByTestId('save-preferences').click();
    await expect.poll(() => modal.getByRole('status').textContent()).toContain('Your preferences have been saved successfully!');
    await modal.waitFor({ state: 'hidden', timeout: 5_000 });
    expect(await page.getByTestId('widget-ai-prediction').count()).toBe(0);
    const order = await page.locator('[data-testid$="-prices"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    expect(order).toEqual(['widget-bankx-prices', 'widget-xsd-prices']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('dashboard-preferences') ?? 'null'));
    expect(stored.layout['ai-prediction']).toEqual({ order: 3, visible: false });
    // Back to the defaults for the other tests.
    await page.evaluate(() => localStorage.removeItem('dashboard-preferences'));
    await page.close();
    expect(unexpected(problems)).toEqual([]);
  });

  it('shows a price change made on the devnet on / without a reload', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${stack.url}/`);
    const tile = page.locator('[data-testid="tile-XSD-Base"] [data-testid="price"]');
    await tile.waitFor();
    // Marks this document (a reload would lose it) and records the tile's flash classes.
    await page.evaluate(() => {
      const w = window as unknown as { __sameDocument: boolean; __flashes: string[] };
      w.__sameDocument = true;
      w.__flashes = [];
      const tileElement = document.querySelector('[data-testid="tile-XSD-Base"]')!;
      new MutationObserver(() => {
        if (tileElement.classList.contains('flash')) w.__flashes.push(tileElement.className);
      }).observe(tileElement, { attributes: true, attributeFilter: ['class'] });
    });
    const before = await readXsdPrice(stack.devnetBasePort, 'Base');
    // Within the ingestor's 50 % jump filter and visibly different on screen.
    const next = before < 1.2 ? 1.234567 : 0.876543;
    expect(await tile.textContent()).not.toBe(formatUsd(next));

    await setXsdPrice(stack.devnetBasePort, 'Base', next);

    // The ingestor reads the chains every 30 s; the page hears about it on the live stream.
    await expect.poll(() => tile.textContent(), { timeout: 50_000, interval: 250 }).toBe(formatUsd(next));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The tile flashed for the move, in its direction.
    const direction = next > before ? 'flash--up' : 'flash--down';
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __flashes: string[] }).__flashes))
      .toEqual(expect.arrayContaining([expect.stringContaining(direction)]));
    // The card says the reading is current.
    await page.getByTestId('toggle-XSD').click();
    expect(await page.locator('[data-testid="card-XSD-Base"] [data-testid="price-status"]').textContent()).toBe('Current');
    await page.close();
    expect(unexpected(problems)).toEqual([]);
  });

  it('opens and closes the menu drawer at 375 px, and nothing overflows sideways', async () => {
    const { page, problems } = await newPage({ width: 375, height: 812 });
    await page.goto(`${stack.url}/`);
    await page.locator(screenMarker('/')).waitFor();
    const sidebar = page.getByTestId('sidebar');
    const toggle = page.getByTestId('menu-toggle');
    expect(await sidebar.isVisible()).toBe(false);

    await toggle.click();
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('true');
    await sidebar.getByRole('link', { name: /Dashboard/ }).waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    // A tap on the overlay, right of the drawer, closes it.
    await page.getByTestId('drawer-overlay').click({ position: { x: 360, y: 400 } });
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');

    // Escape closes it too.
    await toggle.click();
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');

    // Navigating from the drawer closes it.
    await toggle.click();
    await sidebar.getByRole('link', { name: /Silver Price 24H/ }).click();
    await page.waitForURL(`${stack.url}/silver-price`);
    await page.getByTestId('page-silver-price').waitFor();
    await expect.poll(() => sidebar.getAttribute('data-open')).toBe('false');

    for (const path of ['/silver-price', '/']) {
      if (path === '/') {
        await page.goto(`${stack.url}/`);
        await page.locator(screenMarker('/')).waitFor();
        await page.getByTestId('toggle-XSD').click();
        await page.getByTestId('card-XSD-Ethereum').waitFor();
      }
      const overflow = await page.evaluate(() => {
        const scroller = document.querySelector('.shell__scroll')!;
        return { page: document.documentElement.scrollWidth - window.innerWidth, main: scroller.scrollWidth - scroller.clientWidth };
      });
      expect(overflow, path).toEqual({ page: 0, main: 0 });
    }
    await page.close();
    expect(unexpected(problems)).toEqual([]);
  });

  it('answers an unknown path, and the unrouted /gas-tracker, with the 404 page', async () => {
    const { page, problems } = await newPage();
    for (const path of ['/no-such-page', '/gas-tracker']) {
      await page.goto(`${stack.url}${path}`);
      const notFound = page.getByTestId('not-found');
      await notFound.waitFor();
      expect(await notFound.locator('h1').textContent()).toBe('404 Page not found');
      expect(await notFound.textContent()).toContain("The page you're looking for doesn't exist or has been moved.");
      expect(await page.title()).toContain('404');
    }
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByTestId('page-dashboard').waitFor();
    await page.close();
    expect(unexpected(problems)).toEqual([]);
  });

  it('shows the maintenance screen everywhere but /admin while maintenance is on, and the dashboard after', async () => {
    const staff = await signIn(stack.url, ADMIN.email, ADMIN.password);
    const { page, problems } = await newPage();
    await page.goto(`${stack.url}/`);
    await page.locator(screenMarker('/')).waitFor();

    const on = await staff.setMaintenance({
      maintenance_mode: true,
      maintenance_title: 'Silverboard E2E Maintenance',
      maintenance_message: 'Back soon: the end-to-end test is at work.',
      expected_up_time: null,
    });
    expect(on.maintenance_mode).toBe(true);

    // The open page switches by itself (live `site` event, or the 60 s re-read).
    const screen = page.getByTestId('maintenance-screen');
    await screen.waitFor({ timeout: 70_000 });
    expect(await screen.locator('h1').textContent()).toBe('Silverboard E2E Maintenance');
    expect(await screen.textContent()).toContain('Back soon: the end-to-end test is at work.');

    for (const path of ['/silver-price', '/calendar', '/no-such-page']) {
      await page.goto(`${stack.url}${path}`);
      await screen.waitFor();
      expect(await page.getByTestId('page-dashboard').count(), path).toBe(0);
    }
    await page.goto(`${stack.url}/admin`);
    await page.getByTestId('page-admin').waitFor();
    expect(await screen.count()).toBe(0);

    await page.goto(`${stack.url}/`);
    await screen.waitFor();
    const off = await staff.setMaintenance({ maintenance_mode: false });
    expect(off.maintenance_mode).toBe(false);
    await page.getByTestId('page-dashboard').waitFor({ timeout: 70_000 });
    await page.locator(screenMarker('/')).waitFor();
    expect(await screen.count()).toBe(0);
    await page.close();
    expect(unexpected(problems)).toEqual([]);
  });
});
