/**
 * The System Check (spec sections 3, 4 and 8): seven checks run in order with 300 ms pauses, each
 * ending success, warning or error with the spec's message, and a verdict over them all. Pure:
 * the page measures, these rules say what the measurements mean.
 */

export type CheckStatus = 'pending' | 'running' | 'success' | 'warning' | 'error';

export const SYSTEM_CHECKS = [
  { id: 'browser', name: 'Browser Support' },
  { id: 'wallet', name: 'Web3 Wallet Support' },
  { id: 'network', name: 'Network Connectivity' },
  { id: 'rpc', name: 'Blockchain RPC Access' },
  { id: 'database', name: 'Database Connectivity' },
  { id: 'trading', name: 'Trading App Access' },
  { id: 'performance', name: 'Performance' },
] as const;
export type CheckId = (typeof SYSTEM_CHECKS)[number]['id'];

/** The pause between two checks. */
export const CHECK_PAUSE_MS = 300;
/** RPC access is checked on at most this many networks. */
export const RPC_CHECK_NETWORKS = 3;

/** The spec's compatibility check entity. */
export interface CompatibilityCheck {
  readonly id: CheckId;
  readonly name: string;
  readonly status: CheckStatus;
  readonly message: string;
  readonly details?: string;
  readonly actionRequired?: boolean;
  readonly helpUrl?: string;
}

export type CheckOutcome = Omit<CompatibilityCheck, 'id' | 'name' | 'status'> & { readonly status: 'success' | 'warning' | 'error' };

export const BROWSER_HELP_URL = 'https://browsehappy.com/';
export const WALLET_HELP_URL = 'https://metamask.io/download/';

/** Fully compatible; mostly (1 or 2 features missing); not compatible (3 or more, with help). */
export function browserOutcome(missing: readonly string[]): CheckOutcome {
  if (missing.length === 0) return { status: 'success', message: 'Your browser is fully compatible.' };
  const details = `Missing: ${missing.join(', ')}`;
  if (missing.length <= 2) return { status: 'warning', message: 'Your browser is mostly compatible.', details };
  return { status: 'error', message: 'Your browser is not compatible. Please update it or use a modern browser.', details, actionRequired: true, helpUrl: BROWSER_HELP_URL };
}

export interface WalletFindings {
  /** Name of the EIP-1193 wallet at window.ethereum, or null. */
  readonly wallet: string | null;
  /** Wallets without an EVM provider (Solana-only and the like). */
  readonly optionalWallets: readonly string[];
  readonly brave: boolean;
}

/** A wallet; only optional wallets (warning); Brave without a wallet (warning); none (error, install link). */
export function walletOutcome({ wallet, optionalWallets, brave }: WalletFindings): CheckOutcome {
  if (wallet) return { status: 'success', message: `Web3 wallet detected: ${wallet}.` };
  if (optionalWallets.length > 0) {
    return {
      status: 'warning',
      message: 'Only optional wallets detected. Install an EVM wallet such as MetaMask to trade XSD and BankX.',
      details: `Found: ${optionalWallets.join(', ')}`,
      helpUrl: WALLET_HELP_URL,
    };
  }
  if (brave) {
    return { status: 'warning', message: 'Brave browser detected without a wallet. Enable Brave Wallet or install MetaMask.', helpUrl: WALLET_HELP_URL };
  }
  return { status: 'error', message: 'No Web3 wallet detected. Install MetaMask to trade.', actionRequired: true, helpUrl: WALLET_HELP_URL };
}

export function networkOutcome(online: boolean, reached: boolean, latencyMs: number | null): CheckOutcome {
  if (!online) return { status: 'error', message: 'You appear to be offline. Check your internet connection.', actionRequired: true };
  if (!reached) return { status: 'error', message: 'Network connectivity failed: the dashboard could not be reached.', actionRequired: true };
  return { status: 'success', message: 'Network connectivity is working.', details: latencyMs === null ? undefined : `${latencyMs} ms` };
}

/** All reachable; some (action required when under half); none. */
export function rpcOutcome(reachable: number, total: number): CheckOutcome {
  if (total > 0 && reachable === total) return { status: 'success', message: `All ${total} RPC endpoints are reachable.` };
  if (reachable > 0) {
    return { status: 'warning', message: `${reachable} of ${total} RPC endpoints are reachable.`, actionRequired: reachable < total / 2 };
  }
  return { status: 'error', message: 'No RPC endpoint is reachable.', actionRequired: true };
}

export function databaseOutcome(ok: boolean): CheckOutcome {
  return ok ? { status: 'success', message: 'Database connection successful.' } : { status: 'error', message: 'Database connection failed.', actionRequired: true };
}

export function tradingAppOutcome(reachable: boolean, timedOut: boolean): CheckOutcome {
  if (reachable) return { status: 'success', message: 'The trading app is reachable.' };
  return {
    status: 'warning',
    message: timedOut ? 'The trading app did not answer in time.' : 'The trading app could not be reached.',
    details: 'You can still try to open it; it may be blocked on this network.',
  };
}

export const PERFORMANCE_MODERATE_MS = 50;
export const PERFORMANCE_POOR_MS = 100;

/** Excellent; moderate (over 50 ms); poor (over 100 ms). */
export function performanceOutcome(elapsedMs: number): CheckOutcome {
  const details = `${Math.round(elapsedMs)} ms`;
  if (elapsedMs > PERFORMANCE_POOR_MS) return { status: 'warning', message: 'Performance is poor. Close other tabs or apps for smoother trading.', details, actionRequired: true };
  if (elapsedMs > PERFORMANCE_MODERATE_MS) return { status: 'warning', message: 'Performance is moderate.', details };
  return { status: 'success', message: 'Performance is excellent.', details };
}

export type Verdict = 'pending' | 'good' | 'warning' | 'error';

/** Pending until every check ran; then error if any error, else warning if any warning, else good. */
export function verdict(checks: readonly Pick<CompatibilityCheck, 'status'>[]): Verdict {
  if (checks.length === 0 || checks.some((c) => c.status === 'pending' || c.status === 'running')) return 'pending';
  if (checks.some((c) => c.status === 'error')) return 'error';
  if (checks.some((c) => c.status === 'warning')) return 'warning';
  return 'good';
}

export const VERDICT_MESSAGES: Readonly<Record<Verdict, { readonly title: string; readonly message: string }>> = {
  pending: { title: 'Ready to test', message: 'Run the test to check your system before trading.' },
  good: { title: 'All systems go', message: 'Your system is fully compatible. You are ready to trade.' },
  warning: { title: 'Mostly compatible', message: 'Your system works, with some warnings. Review them before trading.' },
  error: { title: 'Issues found', message: 'Some checks failed. Fix the issues below before trading.' },
};

export interface DeviceInfo {
  readonly browser: string;
  readonly device: 'Mobile' | 'Tablet' | 'Desktop';
  readonly os: string;
}

/** Browser, device and OS from a user agent string, for the device cards. */
export function deviceInfo(userAgent: string): DeviceInfo {
  const ua = userAgent;
  const version = (re: RegExp) => ua.match(re)?.[1]?.split('.')[0];
  const browser = /Edg\//.test(ua)
    ? `Edge ${version(/Edg\/([\d.]+)/) ?? ''}`
    : /OPR\//.test(ua)
      ? `Opera ${version(/OPR\/([\d.]+)/) ?? ''}`
      : /Firefox\//.test(ua)
        ? `Firefox ${version(/Firefox\/([\d.]+)/) ?? ''}`
        : /Chrom(e|ium)\//.test(ua)
          ? `Chrome ${version(/Chrom(?:e|ium)\/([\d.]+)/) ?? ''}`
          : /Safari\//.test(ua)
            ? `Safari ${version(/Version\/([\d.]+)/) ?? ''}`
            : 'Unknown';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'Unknown';
  const device = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) ? 'Tablet' : /Mobi|iPhone|Android/.test(ua) ? 'Mobile' : 'Desktop';
  return { browser: browser.trim(), device, os };
}
