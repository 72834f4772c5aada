import { type ActiveNetwork, type Address, type ChainName, isAddress, type TokenName } from '@xsd/contracts';
import {
  INVALID_WALLET_ADDRESS_MESSAGE,
  type WalletChainResult,
  type WalletScanResponse,
} from '@xsd/contracts/api/wallets';
import { totalValue, walletBalanceEntry, type WalletBalanceEntry } from '@xsd/contracts/rules/wallet-values';
import { getAddress } from 'ethers';
import type { ChainReader } from '../chains/rpc/chain-reader.js';
import { readChain, type ChainReading } from '../chains/rpc/chain-reads.js';

/** What balances are valued with: per chain the token prices, and silver per gram for XSD's peg. */
export interface PriceBook {
  readonly prices: ReadonlyMap<ChainName, Readonly<Record<TokenName, number | null>>>;
  readonly silverGramPrice: number | null;
}

export interface ScanWalletOptions {
  /** The chains to scan: active, with token addresses. */
  readonly networks: readonly ActiveNetwork[];
  readonly readerFor: (network: ActiveNetwork) => ChainReader;
  /**
   * Prices to value the balances with (the API passes the latest accepted ones). Without, each
   * chain's prices (and silver on Ethereum) are read on chain in the same Multicall3 call as
   * the balances, as the CLI does when it reads chains directly.
   */
  readonly prices?: () => Promise<PriceBook>;
  readonly now?: () => Date;
  /** Told as each chain's read settles, before the whole scan is done (the CLI's progress). */
  readonly onChain?: (result: WalletChainResult) => void;
}

export class InvalidWalletAddressError extends Error {
  override name = 'InvalidWalletAddressError';
}

/** 0x and 40 hex digits, with a valid EIP-55 checksum when mixed case; the checksummed form. */
export function normalizeWalletAddress(input: string): Address {
  const trimmed = input.trim();
  if (!isAddress(trimmed)) throw new InvalidWalletAddressError(INVALID_WALLET_ADDRESS_MESSAGE);
  try {
    return getAddress(trimmed) as Address;
  } catch {
    throw new InvalidWalletAddressError(
      'Invalid wallet address: the checksum (upper and lower case letters) does not match. Check the address or paste it in lower case.',
    );
  }
}

/** One chain's balances, once its endpoints are known: a scan never reads a wrong chain or a lagging node. */
async function scanChain(reader: ChainReader, network: ActiveNetwork, owner: Address, prices: boolean): Promise<ChainReading> {
  await reader.checkedOnce();
  return readChain(reader, network, { balancesOf: owner, prices });
}

/**
 * Scans one address on every given chain: XSD and BankX balances with exactly one Multicall3
 * call per chain, all chains in parallel. A chain whose endpoints all failed, or whose balance
 * calls failed, is reported as failed next to the others, never as a zero balance. The address is
 * checked before any chain is called.
 */
export async function scanWallet(address: string, options: ScanWalletOptions): Promise<WalletScanResponse> {
  const owner = normalizeWalletAddress(address);
  const onChainPrices = options.prices === undefined;
  const [readings, book] = await Promise.all([
    Promise.all(
      options.networks.map((network) =>
        scanChain(options.readerFor(network), network, owner, onChainPrices)
          .then(
            (reading) => ({ network, reading, error: null }),
            (error: unknown) => ({ network, reading: null, error: error instanceof Error ? error.message : String(error) }),
          )
          .then((settled) => {
            options.onChain?.(chainResult(settled.network, settled.reading, settled.error));
            return settled;
          }),
      ),
    ),
    options.prices ? options.prices() : Promise.resolve(null),
  ]);
  const prices = book ?? priceBookFrom(readings.flatMap((r) => (r.reading ? [r.reading] : [])));

  const chains: WalletChainResult[] = [];
  const balances: WalletBalanceEntry[] = [];
  for (const { network, reading, error } of readings) {
    const result = chainResult(network, reading, error);
    chains.push(result);
    if (result.status === 'failed') continue;
    const chain = result.chain;
    for (const [token, balance] of [['XSD', result.balances.XSD], ['BankX', result.balances.BankX]] as const) {
      if (balance <= 0) continue;
      balances.push(
        walletBalanceEntry({
          token,
          chain,
          balance,
          price: prices.prices.get(chain)?.[token] ?? null,
          silverGramPrice: prices.silverGramPrice,
        }),
      );
    }
  }
  return {
    address: owner,
    scanned_at: (options.now ?? (() => new Date()))().toISOString(),
    chains,
    balances,
    total_value: totalValue(balances),
    silver_price_per_gram: prices.silverGramPrice,
    failed_chains: chains.filter((c) => c.status === 'failed').map((c) => c.chain),
  };
}

/** A chain's read as the scan reports it: its balances, or why it failed (never a zero balance). */
function chainResult(network: ActiveNetwork, reading: ChainReading | null, error: string | null): WalletChainResult {
  const chain = network.name;
  if (!reading) return { chain, status: 'failed', error: error ?? 'unreachable' };
  const { XSD, BankX } = reading.balances!;
  if (!XSD.ok || !BankX.ok) {
    const problems = [XSD, BankX].flatMap((r) => (r.ok ? [] : [r.error]));
    return { chain, status: 'failed', error: problems.join('; ') };
  }
  return { chain, status: 'ok', balances: { XSD: XSD.value, BankX: BankX.value }, block_number: reading.blockNumber };
}

function priceBookFrom(readings: readonly ChainReading[]): PriceBook {
  const prices = new Map<ChainName, Record<TokenName, number | null>>();
  let silverGramPrice: number | null = null;
  for (const reading of readings) {
    const read = (token: TokenName) => {
      const result = reading.prices?.[token];
      return result?.ok && result.value > 0 ? result.value : null;
    };
    prices.set(reading.chain, { XSD: read('XSD'), BankX: read('BankX') });
    if (reading.silver?.ok && reading.silver.value.gramPrice > 0) silverGramPrice = reading.silver.value.gramPrice;
  }
  return { prices, silverGramPrice };
}
