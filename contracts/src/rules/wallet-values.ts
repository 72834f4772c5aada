import type { ChainName, TokenName } from '../chains/names.js';

/** The spec's wallet balance entry. `value` is null when the price is unknown. */
export interface WalletBalanceEntry {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly balance: number;
  /** USD; null when the chain has no usable price for the token. */
  readonly price: number | null;
  /** balance x price; null without a price. */
  readonly value: number | null;
  /** XSD only: balance x silver price per gram; null without a silver price. */
  readonly pegValue?: number | null;
  /** XSD only: percent difference of the price against the silver gram price. */
  readonly pegDeviation?: number | null;
}

/** Percent difference of an XSD price against the silver gram price; null without both above 0. */
export function pegDeviation(price: number | null, silverGramPrice: number | null): number | null {
  if (price === null || silverGramPrice === null || !(price > 0) || !(silverGramPrice > 0)) return null;
  return ((price - silverGramPrice) / silverGramPrice) * 100;
}

/** One balance with its value, and for XSD its value at the peg and the deviation from it. */
export function walletBalanceEntry(input: {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly balance: number;
  readonly price: number | null;
  readonly silverGramPrice: number | null;
}): WalletBalanceEntry {
  const price = input.price !== null && input.price > 0 ? input.price : null;
  const entry = { token: input.token, chain: input.chain, balance: input.balance, price, value: price === null ? null : input.balance * price };
  if (input.token !== 'XSD') return entry;
  const silver = input.silverGramPrice !== null && input.silverGramPrice > 0 ? input.silverGramPrice : null;
  return {
    ...entry,
    pegValue: silver === null ? null : input.balance * silver,
    pegDeviation: pegDeviation(price, silver),
  };
}

/** The same balances with XSD's peg value and deviation at another silver price (the scanner's 30 s poll). */
export function atSilverPrice(entries: readonly WalletBalanceEntry[], silverGramPrice: number | null): WalletBalanceEntry[] {
  return entries.map((entry) => walletBalanceEntry({ token: entry.token, chain: entry.chain, balance: entry.balance, price: entry.price, silverGramPrice }));
}

/** Sum of the known values (USD). */
export function totalValue(entries: readonly WalletBalanceEntry[]): number {
  return entries.reduce((sum, entry) => sum + (entry.value ?? 0), 0);
}
