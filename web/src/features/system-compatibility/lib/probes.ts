import {
  NETWORK_PROBE_TIMEOUT_MS,
  TRADING_APP_PROBE_TIMEOUT_MS,
  type BlockNumberProbe,
  type TradingAppProbe,
} from '@xsd/contracts/api/networks';
import {
  browserOutcome,
  databaseOutcome,
  networkOutcome,
  performanceOutcome,
  RPC_CHECK_NETWORKS,
  rpcOutcome,
  tradingAppOutcome,
  walletOutcome,
  type CheckId,
  type CheckOutcome,
} from '@xsd/contracts/rules/system-check';
import { getJson } from '../../../lib/api-client';
import { browserWallet, walletName } from '../../../lib/browser-wallet';
import { getNetworks } from '../../../api/get-networks';

export type Probes = Readonly<Record<CheckId, () => Promise<CheckOutcome>>>;

/** What the dashboard needs from the browser, by the name the check reports when it is missing. */
const FEATURES: readonly [string, () => boolean][] = [
  ['Fetch API', () => typeof fetch === 'function'],
  ['Local Storage', () => typeof localStorage !== 'undefined'],
  ['Server-Sent Events', () => typeof EventSource === 'function'],
  ['Web Crypto', () => typeof crypto !== 'undefined' && typeof crypto.subtle !== 'undefined'],
  ['Service Workers', () => 'serviceWorker' in navigator],
  ['Notifications', () => 'Notification' in window],
  ['Intersection Observer', () => typeof IntersectionObserver === 'function'],
  ['Clipboard', () => typeof navigator.clipboard !== 'undefined'],
];

/** Wallets that do not give the page an EVM provider (no XSD or BankX trading with them). */
const OPTIONAL_WALLETS: readonly [string, () => boolean][] = [
  ['Phantom (Solana)', () => Boolean((window as { solana?: { isPhantom?: boolean } }).solana?.isPhantom)],
  ['Keplr (Cosmos)', () => 'keplr' in window],
  ['TronLink (Tron)', () => 'tronWeb' in window],
];

const elapsed = (started: number) => Math.round(performance.now() - started);

/** The real probes. Everything goes to this origin: the page's CSP lets it reach nothing else. */
export const browserProbes: Probes = {
  browser: async () => browserOutcome(FEATURES.filter(([, present]) => !safe(present)).map(([name]) => name)),
  wallet: async () => {
    const wallet = browserWallet();
    return walletOutcome({
      wallet: wallet ? walletName(wallet) : null,
      optionalWallets: OPTIONAL_WALLETS.filter(([, present]) => safe(present)).map(([name]) => name),
      brave: 'brave' in navigator,
    });
  },
  network: async () => {
    if (!navigator.onLine) return networkOutcome(false, false, null);
    const started = performance.now();
    try {
      await getJson(`/version.json?t=${Date.now()}`, { timeoutMs: NETWORK_PROBE_TIMEOUT_MS, cache: 'no-store' });
      return networkOutcome(true, true, elapsed(started));
    } catch {
      return networkOutcome(true, false, null);
    }
  },
  rpc: async () => {
    const networks = await getNetworks().catch(() => null);
    const chains = (networks?.items ?? []).filter((n) => !n.coming_soon && n.rpc_urls.length > 0).slice(0, RPC_CHECK_NETWORKS);
    const answers = await Promise.all(
      chains.map((n) =>
        getJson<BlockNumberProbe>(`/api/networks/${encodeURIComponent(n.name)}/block-number`, { cache: 'no-store' }).then(
          (probe) => probe.reachable,
          () => false,
        ),
      ),
    );
    return rpcOutcome(answers.filter(Boolean).length, Math.max(chains.length, 1));
  },
  database: async () => {
    try {
      const response = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' } });
      const body = (await response.json()) as { database?: { status?: string } };
      return databaseOutcome(body.database?.status === 'ok');
    } catch {
      return databaseOutcome(false);
    }
  },
  trading: async () => {
    try {
      const probe = await getJson<TradingAppProbe>('/api/networks/trading-app', {
        // The server gives up after the spec's 8 s; a little more here for the answer to arrive.
        timeoutMs: TRADING_APP_PROBE_TIMEOUT_MS + 2_000,
        cache: 'no-store',
      });
      return tradingAppOutcome(probe.reachable, probe.timed_out);
    } catch (error) {
      return tradingAppOutcome(false, (error as { name?: string }).name === 'TimeoutError' || (error as { name?: string }).name === 'AbortError');
    }
  },
  performance: async () => {
    // A fixed piece of work like the dashboard's own: number formatting and JSON round trips.
    const started = performance.now();
    let text = '';
    for (let i = 0; i < 2_000; i += 1) text = JSON.stringify({ i, price: (i * 1.000_37).toFixed(6), t: new Date(i * 1_000).toISOString() });
    if (text === '') throw new Error('unreachable');
    return performanceOutcome(performance.now() - started);
  },
};

function safe(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false;
  }
}
