/**
 * The Channels tab end to end (issue 22): the built web app on the running stack in Debian's
 * Chromium, at 1366 and 375 px. A webhook channel made in the tab shows its whsec_ secret once;
 * switching maintenance on delivers a signed message to a loopback HTTPS receiver (allowed through
 * XSD_WEBHOOK_ALLOW_HOSTS=localhost, its certificate trusted through NODE_EXTRA_CA_CERTS), and the
 * tab lists the delivery. An inward address is refused with the server's message.
 */
import { type ChannelReceiver, startChannelReceiver } from '@xsd/services/testing/channel-receiver';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminApi, adminApi } from './support/admin-api';
import { openTab, signInAtAdmin } from './support/admin-page';
import { type Browser, launchChromium } from './support/chromium';

const SUPER = { email: 'e2e-channels@silverboard.test', password: 'e2e-channels-password' };

let stack: RunningStack;
let browser: Browser;
let receiver: ChannelReceiver;
let api: AdminApi;

beforeAll(async () => {
  receiver = await startChannelReceiver();
  stack = await startStack({
    env: {
      XSD_ADMIN_EMAIL: SUPER.email,
      XSD_ADMIN_PASSWORD: SUPER.password,
      XSD_DEVNET_TICK_MS: String(3_600_000),
      XSD_WEBHOOK_ALLOW_HOSTS: 'localhost',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
    },
  });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await receiver?.close();
});

describe('the Channels tab', () => {
  for (const [width, height] of [
    [1366, 900],
    [375, 812],
  ] as const) {
    it(`creates a webhook channel, shows its secret once, and lists its delivery at ${width} px`, async () => {
      // A sign-in of its own: the first width's session cookie would skip the login screen.
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      await page.setViewportSize({ width, height });
      await signInAtAdmin(page, stack.url, SUPER.email, SUPER.password);
      await openTab(page, 'channels');
      const path = `/hooks/e2e-${width}`;

      // An inward address is refused by the server, with its reason.
      await page.getByRole('button', { name: '+ New Channel' }).click();
      const form = page.getByTestId('channel-form');
      await form.getByLabel('Kind *').selectOption('webhook');
      await form.getByLabel('Name *').fill(`Metadata ${width}`);
      await form.getByLabel(/Webhook URL/).fill('https://169.254.169.254/latest/meta-data/');
      await page.getByRole('button', { name: 'Create Channel' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toContain('URL must be an https address on the public internet');

      await form.getByLabel('Name *').fill(`Ops ${width}`);
      await form.getByLabel(/Webhook URL/).fill(`${receiver.origin}${path}`);
      await form.getByLabel('Maintenance').check();
      await page.getByRole('button', { name: 'Create Channel' }).click();
      const secret = (await page.getByTestId('channel-secret-value').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      receiver.webhook(path, secret);
      await page.getByRole('button', { name: "I've Copied My Secret" }).click();
      const item = page.getByTestId('channel-item').filter({ hasText: `Ops ${width}` });
      await item.waitFor();
      expect(await item.textContent()).not.toContain(secret);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await api.request('PUT', '/api/admin/site', { maintenance_mode: true });
      await api.request('PUT', '/api/admin/site', { maintenance_mode: false });
      await waitFor(() => receiver.received(path).length === 2, { timeoutMs: 20_000, message: 'two signed deliveries' });
      expect(receiver.received(path).map((d) => d.problems)).toEqual([[], []]);
      await page.reload();
      await openTab(page, 'channels');
      await expect.poll(() => item.getByTestId('channel-deliveries').textContent(), { timeout: 15_000 }).toMatch(/delivered.*delivered/s);

      await item.getByRole('button', { name: `Pause channel Ops ${width}` }).click();
      await expect.poll(() => item.getByTestId('channel-paused-reason').textContent()).toContain('Paused by staff');
      await item.getByRole('button', { name: `Delete channel Ops ${width}` }).click();
      await page.getByRole('button', { name: 'Confirm Delete' }).click();
      await item.waitFor({ state: 'detached' });
      await page.close();
    });
  }
});
