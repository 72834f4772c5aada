/**
 * 'Forgot Password' end to end: the running stack (embedded, devnet) with mail going to a loopback
 * SMTP server (npm `smtp-server`), in Debian's Chromium at 1366 and 375 px. A staff member asks for
 * a link on the login page, the mail arrives, the link opens the set-new-password form, the new
 * password signs in, the old sessions have ended and the link does not work twice.
 */
import { resetLinkIn, type SmtpReceiver, startSmtpReceiver } from '@xsd/services/testing/smtp-receiver';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from './support/admin-api';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';

const SUPER = { email: 'e2e-super@silverboard.test', password: 'e2e-super-password' };
const REQUESTED = 'If that email belongs to a staff account, a password reset link is on its way. It works once, within 30 minutes.';

let smtp: SmtpReceiver;
let stack: RunningStack;
let browser: Browser;
let api: AdminApi;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  stack = await startStack({
    env: {
      XSD_ADMIN_EMAIL: SUPER.email,
      XSD_ADMIN_PASSWORD: SUPER.password,
      XSD_DEVNET_TICK_MS: String(3_600_000),
      XSD_SMTP_URL: smtp.url,
      XSD_MAIL_FROM: 'Silverboard <noreply@silverboard.test>',
    },
  });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.close();
});

/** Chromium logs the login screen's own 401 (no session yet) and the spent link's 400: both are the answers asked for. */
const unexpected = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => !(/status of 40[01]/.test(problem.text) && /\/api\/auth\/(me|password-reset\/confirm)$/.test(problem.url)));

describe('Forgot Password', () => {
  for (const [width, height] of [
    [1366, 900],
    [375, 812],
  ] as const) {
    it(`at ${width} px: request, mail, link, new password, sign in; old sessions end and the link works once`, async () => {
      const email = `e2e-forgot-${width}@silverboard.test`;
      const password = await api.createStaff(email, 'admin');
      const oldSession = (await (
        await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, kind: 'bearer' }) })
      ).json()) as { token: string };

      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height });
      const problems = collectConsoleErrors(page);
      await page.goto(`${stack.url}/admin`);
      await page.getByRole('button', { name: 'Forgot Password' }).click();
      const form = page.getByTestId('forgot-password-form');
      const before = smtp.mails.length;
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send Reset Link' }).click();
      expect(await page.getByTestId('forgot-password-sent').textContent()).toBe(REQUESTED);
      const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(noScroll).toBe(true);

      const mail = await smtp.mailTo(email, { after: before, timeoutMs: 20_000 });
      const link = resetLinkIn(mail);
      expect(link.startsWith(`http://localhost:${stack.port}/admin?reset=`)).toBe(true);

      // The link as the mail has it, on the origin the browser knows the stack by.
      const opened = new URL(link.replace(`http://localhost:${stack.port}`, stack.url));
      await page.goto(opened.toString());
      const next = `new passphrase ${width}!`;
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Confirm new password').fill(next);
      await page.getByRole('button', { name: 'Set New Password' }).click();
      expect(await page.getByTestId('reset-password-done').textContent()).toBe('Your password has been reset. Please sign in with your new password.');
      expect((await fetch(`${stack.url}/api/auth/me`, { headers: { authorization: `Bearer ${oldSession.token}` } })).status).toBe(401);

      await page.getByRole('button', { name: 'Sign In' }).click();
      expect(new URL(page.url()).search).toBe('');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(next);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByTestId('admin-header').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();

      // The same link again: spent, with its own message.
      await page.goto(opened.toString());
      await page.getByLabel('New password', { exact: true }).fill('another passphrase 1');
      await page.getByLabel('Confirm new password').fill('another passphrase 1');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      expect(await page.getByTestId('reset-password-error').textContent()).toBe('This password reset link has already been used. Please request a new one.');

      expect(unexpected(problems)).toEqual([]);
      await page.close();
    });
  }
});
