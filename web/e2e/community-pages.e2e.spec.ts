/**
 * /api-access, /shop, /socials, /about and /about-site end to end: the built web app served by
 * the running stack, in Debian's Chromium at 1366 px and 375 px. The developer page's examples are
 * sent to the same stack, so what it shows is what the API answers.
 */
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;

const PAGES = [
  { path: '/api-access', testId: 'api-access', heading: 'API Access' },
  { path: '/shop', testId: 'shop', heading: 'Shop' },
  { path: '/socials', testId: 'socials', heading: 'Socials' },
  { path: '/about', testId: 'about', heading: 'About Silverboard' },
  { path: '/about-site', testId: 'guide', heading: 'About the Dashboard' },
] as const;

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_DEVNET_TICK_MS: String(3_600_000) } });
  browser = await launchChromium();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function open(path: string, testId: string, viewport: { width: number; height: number }) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems = collectConsoleErrors(page);
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId(testId).waitFor();
  return { page, problems };
}

describe('the developer and community pages in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    for (const { path, testId, heading } of PAGES) {
      it(`renders ${path} at ${viewport.width} px without sideways overflow or console errors`, { timeout: 60_000 }, async () => {
        const { page, problems } = await open(path, testId, viewport);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        // Every panel of the guide open: the longest the page gets.
        if (path === '/about-site') {
          for (const summary of await page.locator('details > summary').all()) await summary.click();
        }
        expect(await overflowsSideways(page)).toBe(false);
        await page.close();
        expect(problems).toEqual([]);
      });
    }
  }
});

describe('/api-access', () => {
  it('shows this origin as the base URL, copies it, and every example answers from the API', { timeout: 60_000 }, async () => {
    const { page, problems } = await open('/api-access', 'api-access', VIEWPORTS[0]);
    const base = `${stack.url}/api/v1`;
    expect(await page.getByTestId('api-base-url').textContent()).toBe(base);
    await page.getByRole('button', { name: 'Copy base URL' }).click();
    await expect.poll(() => page.getByTestId('copy-base-url').textContent()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(base);

    const commands = await page.locator('[data-testid^="api-example:"] code').allTextContents();
    expect(commands).toHaveLength(4);
    for (const command of commands) {
      const url = command.match(/^curl "(.+)"$/)![1]!;
      const response = await fetch(url);
      expect(response.status, command).toBe(200);
      expect(response.headers.get('ratelimit-limit'), command).not.toBeNull();
      const body = (await response.json()) as { items: unknown[]; as_of: string };
      expect(Array.isArray(body.items)).toBe(true);
    }
    expect(await page.getByTestId('api-parameters').getByRole('rowheader').allTextContents()).toEqual(['token', 'chain', 'from', 'to', 'limit', 'interval']);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('stays marked Soon in the menu, as the spec has it, while the page itself is routed', { timeout: 60_000 }, async () => {
    const { page } = await open('/api-access', 'api-access', VIEWPORTS[0]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByTestId('nav-group-developer').getByRole('button').click();
    const entry = nav.getByTestId('nav-disabled-/api-access');
    await entry.waitFor();
    expect(await entry.getAttribute('aria-disabled')).toBe('true');
    expect(await entry.textContent()).toContain('Soon');
    expect(await nav.locator('a[href="/api-access"]').count()).toBe(0);
    await page.close();
  });
});

describe('/about-site', () => {
  it('shows the version file and opens its sections from the keyboard', { timeout: 60_000 }, async () => {
    const version = (await (await fetch(`${stack.url}/version.json`)).json()) as { version: string; buildDate: string };
    const { page, problems } = await open('/about-site', 'guide', VIEWPORTS[1]);
    await expect
      .poll(() => page.getByTestId('guide-version').textContent())
      .toBe(`version ${version.version} · built ${version.buildDate.slice(0, 10)}`);
    const section = page.getByTestId('guide-section:alerts');
    expect(await section.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    await section.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await section.evaluate((details: HTMLDetailsElement) => details.open)).toBe(true);
    await section.getByRole('link', { name: /Set up alerts/ }).click();
    await page.waitForURL(`${stack.url}/price-alerts`);
    await page.close();
    expect(problems).toEqual([]);
  });
});

describe('/shop and /socials', () => {
  it('shows links the build does not configure as not available, and the known ones as links', { timeout: 60_000 }, async () => {
    const shop = await open('/shop', 'shop', VIEWPORTS[1]);
    for (const testId of ['shop-store-link', 'shop-chat-link']) {
      const link = shop.page.getByTestId(testId);
      const available = await link.getAttribute('data-available');
      if (available === 'true') expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      else expect(await link.textContent()).toContain('not available');
    }
    await shop.page.close();
    const socials = await open('/socials', 'socials', VIEWPORTS[1]);
    expect(await socials.page.getByTestId('social:github').getByRole('link').getAttribute('href')).toBe('https://github.com/BankXio');
    await socials.page.close();
    expect([...shop.problems, ...socials.problems]).toEqual([]);
  });
});
