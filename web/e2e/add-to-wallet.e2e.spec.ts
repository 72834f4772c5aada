/**
 * /add-to-wallet end to end in Debian's Chromium, with an injected EIP-1193 wallet whose answers
 * come from the devnet's JSON-RPC, and injected rejections for every message of the spec's
 * "Wallet add" list.
 */
import { CHAIN_IDS } from '@xsd/contracts/chains/networks';
import { DEVNET_CHAINS, devnetRpcUrl } from '@xsd/contracts/chains/profiles';
import { NO_WALLET_MESSAGE } from '@xsd/contracts/rules/wallet-add';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';
import { injectWallet, type InjectedWallet, type WalletScenario } from './support/injected-wallet';
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

function rpcUrlOf(chainIdHex: string): string | undefined {
  const chain = DEVNET_CHAINS.find((name) => `0x${CHAIN_IDS[name].toString(16)}` === chainIdHex);
  return chain ? devnetRpcUrl(chain, stack.devnetBasePort) : undefined;
}

async function openWithWallet(viewport: { width: number; height: number }): Promise<{ page: Page; wallet: InjectedWallet; problems: ReturnType<typeof collectConsoleErrors> }> {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  const problems = collectConsoleErrors(page);
  const wallet = await injectWallet(page, rpcUrlOf);
  await page.goto(`${stack.url}/add-to-wallet`);
  await page.getByTestId('network:Ethereum').waitFor();
  return { page, wallet, problems };
}

const notice = (page: Page) => page.getByTestId('wallet-notice').textContent();
const addButton = (page: Page, key: string) => page.getByTestId(key).getByRole('button');

describe('/add-to-wallet in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(`adds networks and tokens through the wallet, with the devnet's RPC URLs, at ${viewport.width} px`, { timeout: 90_000 }, async () => {
      const { page, wallet, problems } = await openWithWallet(viewport);
      expect(await page.getByTestId('wallet-badge').textContent()).toBe('● MetaMask detected');

      // A network: idle, adding, done; the wallet checked the RPC URL answers with the chain id.
      await addButton(page, 'network:Polygon').click();
      await expect.poll(() => notice(page)).toBe('Successfully added Polygon network to your wallet!');
      expect(await addButton(page, 'network:Polygon').textContent()).toBe('✓ Added');
      expect(await addButton(page, 'network:Polygon').isDisabled()).toBe(true);
      expect(wallet.requests.at(-1)).toEqual({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x89',
            chainName: 'Polygon',
            nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
            rpcUrls: [devnetRpcUrl('Polygon', stack.devnetBasePort)],
            blockExplorerUrls: ['https://polygonscan.com'],
          },
        ],
      });

      // A token: the wallet found its contract on the devnet.
      await addButton(page, 'token:Ethereum:XSD').click();
      await expect.poll(() => notice(page)).toBe('Successfully added XSD token to your wallet!');
      expect(await addButton(page, 'token:Ethereum:XSD').textContent()).toBe('✓ Added');
      expect(wallet.requests.at(-1)).toMatchObject({
        method: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: '0x75Cae30025A514b7AE069917E132Cc99762A0e16', symbol: 'XSD', decimals: 18 } },
      });

      // Coming-soon chains cannot be added.
      expect(await page.getByRole('button', { name: 'Pulsechain: coming soon', exact: true }).isDisabled()).toBe(true);
      expect(await overflowsSideways(page)).toBe(false);
      await page.close();
      expect(problems).toEqual([]);
    });
  }

  it("says each of the spec's messages for the wallet's rejections", { timeout: 90_000 }, async () => {
    const { page, wallet, problems } = await openWithWallet(VIEWPORTS[0]);
    const cases: [string, WalletScenario, string][] = [
      ['network:BSC', { kind: 'reject', error: { code: 4001, message: 'User rejected the request.' } }, 'Network addition was rejected by user.'],
      ['network:BSC', { kind: 'reject', error: { code: -32602, message: 'Invalid params' } }, 'Invalid network parameters. Please check the network configuration.'],
      [
        'network:BSC',
        { kind: 'reject', error: { code: -32002, message: "Request of type 'wallet_addEthereumChain' already pending for origin. Please wait." } },
        'A wallet request is already pending. Please check your wallet.',
      ],
      ['network:BSC', { kind: 'reject', error: { message: 'User rejected the request' } }, 'Network addition was cancelled.'],
      ['network:BSC', { kind: 'reject', error: { code: -32603, message: 'Internal JSON-RPC error.' } }, 'Failed to add BSC network: Internal JSON-RPC error.'],
      ['token:Ethereum:BankX', { kind: 'reject', error: { code: 4001, message: 'User denied' } }, 'Token addition was rejected by user.'],
      ['token:Ethereum:BankX', { kind: 'answer', value: false }, 'Token addition was cancelled.'],
      ['token:Ethereum:BankX', { kind: 'reject', error: { code: -32603, message: 'Asset not supported' } }, 'Failed to add BankX token: Asset not supported'],
    ];
    for (const [key, scenario, message] of cases) {
      wallet.scenario = scenario;
      await addButton(page, key).click();
      await expect.poll(() => notice(page), { message }).toBe(message);
      // Back to idle: the visitor may try again.
      expect(await addButton(page, key).isDisabled()).toBe(false);
    }
    await page.close();
    expect(problems).toEqual([]);
  });

  it('says so when no wallet is installed', async () => {
    const page = await browser.context.newPage();
    const problems = collectConsoleErrors(page);
    await page.goto(`${stack.url}/add-to-wallet`);
    await page.getByTestId('network:Ethereum').waitFor();
    expect(await page.getByTestId('wallet-badge').textContent()).toBe('○ No wallet detected');
    await addButton(page, 'network:Base').click();
    await expect.poll(() => notice(page)).toBe(NO_WALLET_MESSAGE);
    await page.close();
    expect(problems).toEqual([]);
  });
});
