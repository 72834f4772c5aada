/**
 * A browser wallet for Chromium: an EIP-1193 provider injected as `window.ethereum` whose eth_*
 * answers come from the devnet's real JSON-RPC (called from the test side, since the page's CSP
 * allows it no other origin) and whose wallet_* answers follow the scenario the test sets.
 */
import type { Page } from 'playwright-core';

export interface WalletError {
  readonly code?: number;
  readonly message: string;
}

/** What the wallet does with the next wallet_* request. */
export type WalletScenario = { readonly kind: 'approve' } | { readonly kind: 'answer'; readonly value: unknown } | { readonly kind: 'reject'; readonly error: WalletError };

export interface InjectedWallet {
  /** The answer to the next wallet_* requests until changed. */
  scenario: WalletScenario;
  /** Every wallet_* request the page made, in order. */
  readonly requests: { method: string; params: unknown }[];
}

type Answer = { result: unknown } | { error: WalletError };

async function rpc(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  });
  const body = (await response.json()) as { result?: unknown; error?: WalletError };
  if (body.error) throw Object.assign(new Error(body.error.message), body.error);
  return body.result;
}

/**
 * Installs the wallet on a page before any of its scripts run. `rpcUrlOf(chainIdHex)` says which
 * devnet node serves a chain; the wallet starts on Ethereum (0x1).
 */
export async function injectWallet(page: Page, rpcUrlOf: (chainId: string) => string | undefined): Promise<InjectedWallet> {
  const wallet: InjectedWallet = { scenario: { kind: 'approve' }, requests: [] };
  let chainId = '0x1';

  async function approve(method: string, params: unknown): Promise<unknown> {
    if (method === 'wallet_addEthereumChain') {
      // As a real wallet does: the RPC URL must answer with the chain id it is added for.
      const [chain] = params as [{ chainId: string; rpcUrls: string[] }];
      const answered = await rpc(chain.rpcUrls[0]!, 'eth_chainId', []);
      if (answered !== chain.chainId) throw Object.assign(new Error(`RPC answered chain ${String(answered)}`), { code: -32602 });
      return null;
    }
    if (method === 'wallet_watchAsset') {
      // The token must be a contract on the wallet's current chain.
      const { options } = params as { options: { address: string } };
      const code = await rpc(rpcUrlOf(chainId)!, 'eth_getCode', [options.address, 'latest']);
      if (code === '0x') throw Object.assign(new Error('Token contract not found'), { code: -32602 });
      return true;
    }
    if (method === 'wallet_switchEthereumChain') {
      chainId = (params as [{ chainId: string }])[0].chainId;
      return null;
    }
    throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
  }

  await page.exposeFunction('__walletRequest', async (method: string, params: unknown): Promise<Answer> => {
    try {
      if (method === 'eth_chainId') return { result: chainId };
      if (method.startsWith('eth_') || method.startsWith('net_')) return { result: await rpc(rpcUrlOf(chainId)!, method, params) };
      wallet.requests.push({ method, params });
      const scenario = wallet.scenario;
      if (scenario.kind === 'reject') return { error: scenario.error };
      if (scenario.kind === 'answer') return { result: scenario.value };
      return { result: await approve(method, params) };
    } catch (error) {
      const { code, message } = error as { code?: number; message: string };
      return { error: { code, message } };
    }
  });
  await page.addInitScript(() => {
    const call = (window as unknown as { __walletRequest: (m: string, p: unknown) => Promise<{ result?: unknown; error?: { code?: number; message: string } }> }).__walletRequest;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: true,
      async request({ method, params }: { method: string; params?: unknown }) {
        const answer = await call(method, params ?? null);
        if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
        return answer.result;
      },
    };
  });
  return wallet;
}
