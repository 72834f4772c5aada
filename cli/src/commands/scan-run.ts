import type { Command } from 'commander';
import { isAddress, MAINNET_NETWORKS } from '@xsd/contracts/chains/networks';
import {
  INVALID_WALLET_ADDRESS_MESSAGE,
  type WalletChainResult,
  type WalletScanResponse,
} from '@xsd/contracts/api/wallets';
import { portfolioCsv } from '@xsd/contracts/rules/portfolio-analysis';
import { ApiRequestError } from '../api/api-client.js';
import { CliError, UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { chainProgressLine, scanText } from '../views/scan-text.js';
import { chainProgress, type ChainProgress, pendingProgress, scanError, scanJson, scanView } from '../views/scan-view.js';
import { publicApi } from './context.js';

export interface ScanOptions {
  readonly json?: boolean;
  readonly csv?: boolean;
  readonly rpc?: boolean;
}

/** A scan reads up to seven chains with the spec's retries: give the API time. */
const SCAN_TIMEOUT_MS = 120_000;

type RunScan = (onChain: (result: WalletChainResult) => void) => Promise<WalletScanResponse>;

interface ScanPlan {
  readonly run: RunScan;
  readonly pending: readonly ChainProgress[];
  readonly source: string;
}

/** `xsd scan`: progress, then the report (plain or Ink), JSON or CSV. Exit 1 when a chain failed. */
export async function runScan(address: string, options: ScanOptions, command: Command): Promise<void> {
  if (!isAddress(address.trim())) throw new UsageError(INVALID_WALLET_ADDRESS_MESSAGE);
  const plan = options.rpc ? await rpcPlan(address) : apiPlan(command, address);
  const mode = options.csv ? 'csv' : outputMode(options);

  let scan: WalletScanResponse;
  if (mode === 'interactive') {
    const { runScanScreen } = await import('../interactive/scan.js');
    scan = await runScanScreen(plan);
  } else if (mode === 'plain') {
    writeLine(`Scanning Networks... ${plan.pending.length} networks (${plan.source})`);
    let printed = 0;
    scan = await plan.run((result) => {
      printed += 1;
      writeLine(chainProgressLine(chainProgress(result)));
    });
    // Through the API every chain settles at once: list them now.
    if (printed === 0) scan.chains.forEach((c) => writeLine(chainProgressLine(chainProgress(c))));
    writeLine('');
    scanText(scanView(scan)).forEach((line) => writeLine(line));
  } else {
    scan = await plan.run(() => undefined);
    if (mode === 'json') writeJson(scanJson(scan));
    else process.stdout.write(portfolioCsv(scan.balances));
  }
  const failure = scanError(scan);
  if (failure) throw new CliError(failure);
}

function apiPlan(command: Command, address: string): ScanPlan {
  const api = publicApi(command, SCAN_TIMEOUT_MS);
  const chains = MAINNET_NETWORKS.filter((n) => !n.comingSoon).map((n) => n.name);
  return {
    pending: pendingProgress(chains),
    source: `through ${api.baseUrl}`,
    run: async () => {
      try {
        return await api.get<WalletScanResponse>(`/api/wallets/${encodeURIComponent(address.trim())}`);
      } catch (error) {
        // A checksum that does not match: bad input, like a malformed address.
        if (error instanceof ApiRequestError && error.status === 400) throw new UsageError(error.message);
        throw error;
      }
    },
  };
}

/** `--rpc`: the API's scanner core, reading the chains of this machine's network table directly. */
async function rpcPlan(address: string): Promise<ScanPlan> {
  const [{ scanWallet, InvalidWalletAddressError }, { ChainReaders }, { loadConfig }, { configuredNetworks }] = await Promise.all([
    import('@xsd/services/wallets/wallet-scanner'),
    import('@xsd/services/chains/rpc/chain-readers'),
    import('@xsd/services/config/config'),
    import('@xsd/services/chains/rpc/configured-networks'),
  ]);
  // The same environment as the services: XSD_NETWORK_PROFILE, XSD_DEVNET_BASE_PORT, XSD_NETWORKS_FILE.
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const profile = config.networkProfile;
  const readers = new ChainReaders(configuredNetworks(config));
  return {
    pending: pendingProgress(readers.networks.map((n) => n.name)),
    source: `${profile} chains directly`,
    run: async (onChain) => {
      try {
        return await scanWallet(address, { networks: readers.networks, readerFor: (n) => readers.get(n.name), onChain });
      } catch (error) {
        if (error instanceof InvalidWalletAddressError) throw new UsageError(error.message);
        throw error;
      }
    },
  };
}
