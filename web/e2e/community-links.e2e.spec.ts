/**
 * Community links end to end (issue 22): staff edit them in /admin's Maintenance tab, and a
 * visitor's open /socials and /shop show them without a reload; /contact and the maintenance
 * screen show them too. The built app on the running stack, in Debian's Chromium at 1366 and 375 px.
 */
import { communityLinkMessage } from '@xsd/contracts/api/community-links';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from './support/admin-api';
import { openTab, signInAtAdmin } from './support/admin-page';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';
import { overflowsSideways, VIEWPORTS } from './support/page-checks';

const SUPER = { email: 'e2e-links@silverboard.test', password: 'e2e-links-password' };

let stack: RunningStack;
let staff: Browser;
let visitor: Browser;
let api: AdminApi;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_ADMIN_EMAIL: SUPER.email, XSD_ADMIN_PASSWORD: SUPER.password, XSD_DEVNET_TICK_MS: String(3_600_000) } });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  [staff, visitor] = await Promise.all([launchChromium(), launchChromium()]);
});

afterAll(async () => {
  await staff?.close();
  await visitor?.close();
  await stack?.stop();
});

/** The login screen's own check: without a session `GET /api/auth/me` answers 401, which Chromium logs. */
const unexpected = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => !(/status of 401/.test(problem.text) && problem.url.endsWith('/api/auth/me')));

async function visit(path: string, testId: string, viewport: { width: number; height: number }): Promise<{ page: Page; problems: ConsoleProblem[] }> {
  const page = await visitor.context.newPage();
  await page.setViewportSize(viewport);
  const problems = collectConsoleErrors(page);
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId(testId).waitFor();
  return { page, problems };
}

describe('community links edited in /admin', () => {
  for (const viewport of VIEWPORTS) {
    it(`reach a visitor's open /socials and /shop live, and /contact, at ${viewport.width} px`, { timeout: 120_000 }, async () => {
      const chat = `https://t.me/xsd_community_${viewport.width}`;
      const store = `https://store.example/xsd-${viewport.width}`;
      const socials = await visit('/socials', 'socials', viewport);
      const shop = await visit('/shop', 'shop', viewport);

      const page = await staff.context.newPage();
      await page.setViewportSize(viewport);
      const staffProblems = collectConsoleErrors(page);
      await signInAtAdmin(page, stack.url, SUPER.email, SUPER.password);
      await openTab(page, 'maintenance');
      const form = page.getByTestId('community-links-form');
      await form.scrollIntoViewIfNeeded();
      // Only https: the form names the field before anything is sent.
      await form.getByLabel('X (product)').fill('http://x.com/xsd');
      await form.getByRole('button', { name: 'Save Links' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe(communityLinkMessage('x'));
      await form.getByLabel('X (product)').fill('https://x.com/xsd');
      await form.getByLabel('Community chat (Telegram)').fill(chat);
      await form.getByLabel('Shop (official store)').fill(store);
      await form.getByRole('button', { name: 'Save Links' }).click();
      await form.getByTestId('community-links-saved').waitFor();
      expect(await overflowsSideways(page)).toBe(false);

      // The visitor's pages were open all along: the live `site` message carries the links.
      const telegram = socials.page.getByTestId('social:telegram').getByRole('link');
      await expect.poll(() => telegram.getAttribute('href'), { timeout: 20_000 }).toBe(chat);
      expect(await socials.page.getByTestId('social:x').getByRole('link').getAttribute('href')).toBe('https://x.com/xsd');
      await expect.poll(() => shop.page.getByTestId('shop-store-link').getAttribute('href'), { timeout: 20_000 }).toBe(store);
      expect(await shop.page.getByTestId('shop-chat-link').getAttribute('href')).toBe(chat);
      expect(await overflowsSideways(shop.page)).toBe(false);
      // The contact page's chat follows the community chat until staff give it one of its own.
      const contact = await visit('/contact', 'contact-page', viewport);
      await expect.poll(() => contact.page.getByTestId('contact-chat-link').getAttribute('href')).toBe(chat);

      // A link cleared is not available anywhere.
      await form.getByLabel('Shop (official store)').fill('');
      await form.getByRole('button', { name: 'Save Links' }).click();
      await expect.poll(() => shop.page.getByTestId('shop-store-link').getAttribute('data-available'), { timeout: 20_000 }).toBe('false');

      for (const one of [socials, shop, contact]) await one.page.close();
      // The session cookie is the browser's: sign out so the next viewport signs in again.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.close();
      expect([...socials.problems, ...shop.problems, ...contact.problems, ...unexpected(staffProblems)]).toEqual([]);
    });
  }

  it('are listed on the maintenance screen', { timeout: 60_000 }, async () => {
    await api.request('PATCH', '/api/admin/site/links', { youtube: 'https://www.youtube.com/@xsd' });
    const { page, problems } = await visit('/socials', 'socials', VIEWPORTS[1]);
    await api.request('PUT', '/api/admin/site', { maintenance_mode: true });
    const screen = page.getByTestId('maintenance-screen');
    await screen.waitFor({ timeout: 20_000 });
    const links = screen.getByRole('navigation', { name: 'Social links' });
    expect(await links.getByRole('link', { name: /YouTube/ }).getAttribute('href')).toBe('https://www.youtube.com/@xsd');
    expect(await links.getByRole('link', { name: /Telegram community/ }).getAttribute('href')).toBe(`https://t.me/xsd_community_${VIEWPORTS[1].width}`);
    await api.request('PUT', '/api/admin/site', { maintenance_mode: false });
    await screen.waitFor({ state: 'detached', timeout: 20_000 });
    await page.close();
    expect(problems).toEqual([]);
  });
});
