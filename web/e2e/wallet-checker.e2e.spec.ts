/**
 * /wallet-checker end to end: real scans of the devnet's demo wallets through GET /api/wallets,
 * in Debian's Chromium, at 1366 px and 375 px; exports and a share link opened in a fresh browser.
 */
import { DEVNET_CHAINS, DEVNET_DEMO_WALLETS } from '@xsd/contracts/chains/profiles';
import { PORTFOLIO_CSV_COLUMNS } from '@xsd/contracts/rules/portfolio-analysis';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';
import { overflowsSideways, VIEWPORTS } from './support/page-checks';
import { firstSilverReading } from './support/first-readings';

let stack: RunningStack;
let browser: Browser;
const CHAINS = DEVNET_CHAINS.length;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_DEVNET_TICK_MS: String(3_600_000) } });
  // Prices are in, so the scan has values to show.
  await firstSilverReading(stack);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Moves the stored last-scan time back past the 5-minute cooldown (the spec's own mechanism). */
const endCooldown = (page: Page) => page.evaluate(() => localStorage.setItem('bankx-last-wallet-update', String(Date.now() - 301_000)));

async function scan(page: Page, address: string) {
  const input = page.getByLabel('Wallet address');
  await input.fill(address);
  await expect.poll(() => page.getByTestId('validity-dot').getAttribute('data-valid')).toBe('true');
  const button = page.getByRole('button', { name: /^Scan Portfolio/ });
  await button.click();
  await page.getByTestId('portfolio-results').waitFor({ timeout: 60_000 });
}

describe('/wallet-checker in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(`scans the demo wallets, exports and shares at ${viewport.width} px`, { timeout: 180_000 }, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const problems = collectConsoleErrors(page);
      await page.goto(`${stack.url}/wallet-checker`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();

      // The validity dot and the disabled scan button on an invalid address.
      await page.getByLabel('Wallet address').fill('0x1234');
      expect(await page.getByTestId('validity-dot').getAttribute('data-valid')).toBe('false');
      expect(await page.getByRole('button', { name: 'Scan Portfolio' }).isDisabled()).toBe(true);

      const [small, middle, large] = DEVNET_DEMO_WALLETS;
      // Save the first demo wallet under a label; Save Wallet waits for one.
      await page.getByLabel('Wallet address').fill(small.address);
      await page.getByRole('button', { name: 'Save address' }).click();
      const dialog = page.getByTestId('save-address-dialog');
      expect(await dialog.getByRole('button', { name: 'Save Wallet' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Label').fill('Demo small');
      await dialog.getByRole('button', { name: 'Save Wallet' }).click();
      await page.getByTestId('quick-access').getByRole('button', { name: /^Demo small/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Edit saved address' }).count()).toBe(1);

      // The scan: 'Scanning Networks...' with one line per chain, then the results.
      await page.getByLabel('Wallet address').fill('');
      await page.getByTestId('quick-access').getByRole('button', { name: /^Demo small/ }).click();
      const scanButton = page.locator('form button[type="submit"]');
      await page.evaluate(() => {
        const w = window as unknown as { __labels: string[] };
        w.__labels = [];
        const button = document.querySelector('form button[type="submit"]')!;
        new MutationObserver(() => w.__labels.push(button.textContent ?? '')).observe(button, { childList: true, subtree: true, characterData: true });
      });
      await scanButton.click();
      await page.getByTestId('portfolio-results').waitFor({ timeout: 60_000 });
      expect(await page.evaluate(() => (window as unknown as { __labels: string[] }).__labels)).toContain('Scanning Networks...');
      expect(await page.locator('[data-testid^="progress-"][data-state="ok"]').count()).toBe(CHAINS);
      expect(await page.getByTestId('scan-error').count()).toBe(0);
      const balance = (token: string) => page.getByTestId(`balance-${token}`).locator('dd').first().textContent();
      expect(await balance('XSD')).toBe((small.balances.XSD * CHAINS).toLocaleString('en-US'));
      expect(await balance('BankX')).toBe((small.balances.BankX * CHAINS).toLocaleString('en-US'));
      expect(await page.getByTestId('holdings-tier').textContent()).toBe('Holder');

      // The 5-minute cooldown, counted from the stored last-scan time.
      expect(await page.getByTestId('cooldown').textContent()).toMatch(/^Please wait (5:00|4:[0-5]\d) before updating again\.$/);
      expect(await scanButton.isDisabled()).toBe(true);
      expect(await scanButton.textContent()).toMatch(/^Scan Portfolio \((5:00|4:[0-5]\d)\)$/);
      expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);

      // The views.
      await page.getByRole('tab', { name: 'Token Allocation' }).click();
      await page.locator('[data-testid="chart-donut"] canvas').first().waitFor();
      await page.getByRole('tab', { name: 'Networks' }).click();
      await page.locator('[data-testid="chart-bars"] canvas').first().waitFor();
      expect(await page.locator('[data-testid^="network-"]').count()).toBe(6);
      await page.getByRole('tab', { name: 'Risk Analysis' }).click();
      expect(await page.getByTestId('risk-score').textContent()).toMatch(/^\d+\/100 · (Conservative|Balanced|Aggressive)$/);
      expect(await page.getByTestId('diversification').textContent()).toMatch(/^\d+\/100 · good$/);
      await page.getByRole('tab', { name: 'Holdings' }).click();
      expect(await page.locator('[data-testid="holdings-table"] tbody tr').count()).toBe(2 * CHAINS);
      expect(await overflowsSideways(page)).toBe(false);

      // Exports: dated file names, the spec's CSV columns, no address in the JSON.
      await page.getByRole('tab', { name: 'Export' }).click();
      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^silverboard-portfolio-\d{4}-\d{2}-\d{2}\.csv$/);
      const csvText = await readFile((await csv.path())!, 'utf8');
      expect(csvText.split('\n')[0]).toBe(PORTFOLIO_CSV_COLUMNS.join(','));
      expect(csvText.trim().split('\n')).toHaveLength(1 + 2 * CHAINS);
      const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export JSON' }).click()]);
      expect(json.suggestedFilename()).toMatch(/^silverboard-portfolio-\d{4}-\d{2}-\d{2}\.json$/);
      const jsonText = await readFile((await json.path())!, 'utf8');
      expect(jsonText.toLowerCase()).not.toContain(small.address.toLowerCase());
      expect(JSON.parse(jsonText).tokens).toHaveLength(2 * CHAINS);

      // The share link opens read-only in a fresh browser, without the address.
      const link = await page.getByTestId('share-link').inputValue();
      expect(link.toLowerCase()).not.toContain(small.address.slice(2).toLowerCase());
      const fresh = await launchChromium(viewport);
      try {
        const shared = await fresh.context.newPage();
        const sharedProblems = collectConsoleErrors(shared);
        await shared.goto(link);
        await shared.getByTestId('shared-banner').waitFor();
        expect(await shared.getByTestId('balance-XSD').locator('dd').first().textContent()).toBe((small.balances.XSD * CHAINS).toLocaleString('en-US'));
        expect(await shared.getByLabel('Wallet address').count()).toBe(0);
        expect(await shared.getByRole('tab', { name: 'Export' }).count()).toBe(0);
        expect((await shared.content()).toLowerCase()).not.toContain(small.address.toLowerCase());
        expect(await overflowsSideways(shared)).toBe(false);
        // A damaged link says so instead of showing anything.
        await shared.goto(`${stack.url}/wallet-checker?data=${encodeURIComponent('eyJ0b2tlbnMiOiJ4In0')}`);
        await shared.getByTestId('shared-invalid').waitFor();
        expect(sharedProblems).toEqual([]);
      } finally {
        await fresh.close();
      }

      // The other two demo wallets, once the cooldown is over.
      for (const [wallet, tier] of [
        [middle, 'Enthusiast'],
        [large, 'King'],
      ] as const) {
        await endCooldown(page);
        await scan(page, wallet.address);
        await expect.poll(() => balance('XSD'), { timeout: 60_000 }).toBe((wallet.balances.XSD * CHAINS).toLocaleString('en-US'));
        expect(await page.getByTestId('holdings-tier').textContent()).toBe(tier);
      }
      expect(await overflowsSideways(page)).toBe(false);
      await page.close();
      expect(problems).toEqual([]);
    });
  }
});
