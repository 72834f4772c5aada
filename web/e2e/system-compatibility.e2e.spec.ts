/**
 * /system-compatibility end to end in Debian's Chromium against the running stack and its devnet:
 * the seven checks in order with their pauses, with and without a browser wallet, at 1366 px and
 * 375 px.
 */
import { CHAIN_IDS } from '@xsd/contracts/chains/networks';
import { DEVNET_CHAINS, devnetRpcUrl } from '@xsd/contracts/chains/profiles';
import { CHECK_PAUSE_MS, SYSTEM_CHECKS } from '@xsd/contracts/rules/system-check';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';
import { injectWallet } from './support/injected-wallet';
import { overflowsSideways, VIEWPORTS } from './support/page-checks';

let stack: RunningStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ env: { XSD_DEVNET_TICK_MS: String(3_600_000) } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const rpcUrlOf = (chainIdHex: string) => {
  const chain = DEVNET_CHAINS.find((name) => `0x${CHAIN_IDS[name].toString(16)}` === chainIdHex);
  return chain ? devnetRpcUrl(chain, stack.devnetBasePort) : undefined;
};

/**
 * How much sooner than the pause a check's start can be seen. A start is seen at React's commit,
 * which a loaded two-core machine can hold back by tens of milliseconds for one check and not the
 * next (286 and 243 ms between starts were seen against the 300 ms pause): a gap can come up short
 * by one check's delay, while the run as a whole, first start to last, can by the first's only.
 * Checks run without the pause would start a few milliseconds apart.
 */
const OBSERVED_JITTER_MS = 100;

/** Runs the test, recording when each check started (left pending: a fast one goes straight to its result). */
async function runTest(page: Page): Promise<{ id: string; at: number }[]> {
  await page.getByTestId('check-performance').waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __started: { id: string; at: number }[] };
    w.__started = [];
    new MutationObserver((records) => {
      for (const record of records) {
        const element = record.target as HTMLElement;
        if (record.oldValue === 'pending' && element.dataset.status !== 'pending') w.__started.push({ id: element.dataset.testid!.replace('check-', ''), at: performance.now() });
      }
    }).observe(document.querySelector('.sc-checks')!, { attributes: true, attributeOldValue: true, attributeFilter: ['data-status'], subtree: true });
  });
  await page.getByRole('button', { name: 'Run Test' }).click();
  await expect.poll(() => page.getByTestId('verdict').getAttribute('data-verdict'), { timeout: 30_000 }).not.toBe('pending');
  return page.evaluate(() => (window as unknown as { __started: { id: string; at: number }[] }).__started);
}

const message = (page: Page, id: string) => page.getByTestId(`check-${id}`).getByTestId('check-message').textContent();
const status = (page: Page, id: string) => page.getByTestId(`check-${id}`).getAttribute('data-status');

describe('/system-compatibility in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(`runs the seven checks in order with a wallet at ${viewport.width} px`, { timeout: 90_000 }, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const problems = collectConsoleErrors(page);
      await injectWallet(page, rpcUrlOf);
      await page.goto(`${stack.url}/system-compatibility`);
      expect(await page.getByTestId('verdict').getAttribute('data-verdict')).toBe('pending');
      expect(await page.getByTestId('device-browser').locator('dd').textContent()).toMatch(/^Chrome \d+$/);
      expect(await page.getByTestId('device-screen').locator('dd').textContent()).toMatch(/^\d+×\d+$/);

      const started = await runTest(page);
      expect(started.map((s) => s.id)).toEqual(SYSTEM_CHECKS.map((c) => c.id));
      for (let i = 1; i < started.length; i += 1) expect(started[i]!.at - started[i - 1]!.at).toBeGreaterThanOrEqual(CHECK_PAUSE_MS - OBSERVED_JITTER_MS);
      expect(started.at(-1)!.at - started[0]!.at).toBeGreaterThanOrEqual((started.length - 1) * CHECK_PAUSE_MS - OBSERVED_JITTER_MS);

      expect(await message(page, 'browser')).toBe('success: Your browser is fully compatible.');
      expect(await message(page, 'wallet')).toBe('success: Web3 wallet detected: MetaMask.');
      expect(await message(page, 'network')).toBe('success: Network connectivity is working.');
      // The devnet's first three networks answer eth_blockNumber.
      expect(await message(page, 'rpc')).toBe('success: All 3 RPC endpoints are reachable.');
      expect(await message(page, 'database')).toBe('success: Database connection successful.');
      // Nothing here reaches the internet: the trading app cannot be reached, a warning.
      expect(await message(page, 'trading')).toMatch(/^warning: The trading app (could not be reached|did not answer in time)\.$/);
      expect(await status(page, 'performance')).toMatch(/^(success|warning)$/);

      expect(await page.getByTestId('verdict').getAttribute('data-verdict')).toBe('warning');
      expect(await page.getByTestId('cta-panel').getByRole('link', { name: 'Open the Trading App' }).getAttribute('href')).toMatch(/^https:\/\//);
      expect(await page.getByTestId('issues-panel').count()).toBe(0);
      expect(await overflowsSideways(page)).toBe(false);
      await page.close();
      expect(problems).toEqual([]);
    });
  }

  it('says error with the issues panel when there is no wallet', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(VIEWPORTS[1]);
    const problems = collectConsoleErrors(page);
    await page.goto(`${stack.url}/system-compatibility`);
    await runTest(page);
    expect(await message(page, 'wallet')).toBe('error: No Web3 wallet detected. Install MetaMask to trade.');
    expect(await page.getByTestId('verdict').getAttribute('data-verdict')).toBe('error');
    expect(await page.getByTestId('verdict').textContent()).toContain('Some checks failed. Fix the issues below before trading.');
    const issues = page.getByTestId('issues-panel');
    expect(await issues.textContent()).toContain('Web3 Wallet Support: No Web3 wallet detected. Install MetaMask to trade.');
    expect(await issues.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('https://metamask.io/download/');
    expect(await page.getByTestId('cta-panel').count()).toBe(0);
    expect(await overflowsSideways(page)).toBe(false);
    await page.close();
    expect(problems).toEqual([]);
  });
});
