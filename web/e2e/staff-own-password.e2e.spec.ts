/**
 * A calendar manager changes their own password inside /admin (issue 22; the Passwords tab is
 * admins'): in the Calendar tab, at 1366 and 375 px, in Debian's Chromium on the running stack.
 * The old password stops working and the new one signs in.
 */
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { openTab, signInAtAdmin, visibleTabs } from './support/admin-page';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';
import { overflowsSideways, VIEWPORTS } from './support/page-checks';

const SUPER = { email: 'e2e-own-password@silverboard.test', password: 'e2e-own-password-1' };

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_ADMIN_EMAIL: SUPER.email, XSD_ADMIN_PASSWORD: SUPER.password, XSD_DEVNET_TICK_MS: String(3_600_000) } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const login = (email: string, password: string) =>
  fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, kind: 'bearer' }) });

describe('a calendar manager', () => {
  for (const viewport of VIEWPORTS) {
    it(`changes their own password in the Calendar tab at ${viewport.width} px`, { timeout: 90_000 }, async () => {
      const email = `calendar-${viewport.width}@silverboard.test`;
      const first = await (await adminApi(stack.url, SUPER.email, SUPER.password)).createStaff(email, 'calendar_access');
      const next = `calendar manager ${viewport.width}!`;
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const problems = collectConsoleErrors(page);
      await signInAtAdmin(page, stack.url, email, first);
      expect(await visibleTabs(page)).toEqual(['overview', 'calendar']);
      await openTab(page, 'calendar');
      const panel = page.getByTestId('own-password');
      await panel.getByRole('button', { name: 'Change Password' }).click();
      const form = page.getByTestId('change-password-form');
      await form.getByLabel('Current password').fill(first);
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Confirm new password').fill(next);
      await form.getByRole('button', { name: 'Update Password' }).click();
      await panel.getByRole('status').getByText('Password updated successfully!').waitFor();
      expect(await overflowsSideways(page)).toBe(false);

      expect((await login(email, first)).status).toBe(401);
      expect((await login(email, next)).status).toBe(200);
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await page.close();
      // The login screen's own check: without a session `GET /api/auth/me` answers 401.
      expect(problems.filter((problem) => !(/status of 401/.test(problem.text) && problem.url.endsWith('/api/auth/me')))).toEqual([]);
    });
  }
});
