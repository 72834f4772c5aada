/**
 * The Portfolio Scanner's analysis (spec section 9, "Wallet"), shared by the web app and the CLI:
 * holdings tier, token allocation, advice, risk score, network allocation and diversification.
 * Inputs are the balance entries of a scan (`WalletBalanceEntry`, balances above 0 only).
 *
 * Shares are by USD value. When no entry has a known value (no prices yet) they fall back to
 * balances, so a scan still says something; with no holdings at all every share is null.
 */
import type { ChainName, TokenName } from '../chains/names.js';
import type { WalletBalanceEntry } from './wallet-values.js';

// ---- Holdings tier (by total XSD balance) -------------------------------------------------------

export type HoldingsTier = 'King' | 'Whale' | 'Dolphin' | 'Enthusiast' | 'Starter' | 'Holder';

/** Highest first: the first tier whose minimum the XSD balance reaches. Positive below 100 is 'Holder'. */
export const HOLDINGS_TIERS: readonly { readonly min: number; readonly tier: Exclude<HoldingsTier, 'Holder'> }[] = [
  { min: 100_000, tier: 'King' },
  { min: 50_000, tier: 'Whale' },
  { min: 10_000, tier: 'Dolphin' },
  { min: 1_000, tier: 'Enthusiast' },
  { min: 100, tier: 'Starter' },
];

/** The tier of a total XSD balance; null for none (0 or less, or not a number). */
export function holdingsTier(totalXsd: number): HoldingsTier | null {
  if (!Number.isFinite(totalXsd) || totalXsd <= 0) return null;
  return HOLDINGS_TIERS.find((t) => totalXsd >= t.min)?.tier ?? 'Holder';
}

// ---- Token allocation, advice and risk -----------------------------------------------------------

export interface TokenAllocation {
  readonly balances: Readonly<Record<TokenName, number>>;
  /** USD; null for a token held without a known price. */
  readonly values: Readonly<Record<TokenName, number | null>>;
  /** Percent of the portfolio, 0 to 100; null without holdings. */
  readonly shares: Readonly<Record<TokenName, number | null>>;
  /** What the shares measure: 'value' (USD), or 'balance' when no value is known. */
  readonly basis: 'value' | 'balance';
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

export function tokenAllocation(entries: readonly WalletBalanceEntry[]): TokenAllocation {
  const of = (token: TokenName) => entries.filter((e) => e.token === token && Number.isFinite(e.balance) && e.balance > 0);
  const balance = (token: TokenName) => sum(of(token).map((e) => e.balance));
  const value = (token: TokenName): number | null => {
    const held = of(token);
    if (held.length === 0) return 0;
    const known = held.filter((e) => e.value !== null && Number.isFinite(e.value));
    return known.length === 0 ? null : sum(known.map((e) => e.value!));
  };
  const balances = { XSD: balance('XSD'), BankX: balance('BankX') };
  const values = { XSD: value('XSD'), BankX: value('BankX') };
  const valueTotal = (values.XSD ?? 0) + (values.BankX ?? 0);
  const basis = valueTotal > 0 ? 'value' : 'balance';
  const amounts = basis === 'value' ? { XSD: values.XSD ?? 0, BankX: values.BankX ?? 0 } : balances;
  const total = amounts.XSD + amounts.BankX;
  const share = (token: TokenName) => (total > 0 ? (amounts[token] / total) * 100 : null);
  return { balances, values, shares: { XSD: share('XSD'), BankX: share('BankX') }, basis };
}

export type PortfolioAdviceKind = 'heavily_xsd' | 'heavily_bankx' | 'balanced' | 'leans_stable' | 'leans_growth';

export const PORTFOLIO_ADVICE: Readonly<Record<PortfolioAdviceKind, string>> = {
  heavily_xsd:
    'Your portfolio is heavily weighted toward XSD: a stable, silver-pegged position. Adding some BankX would give it growth exposure.',
  heavily_bankx:
    'Your portfolio is heavily weighted toward BankX: a growth position with higher volatility. Adding some XSD would give it a stable, silver-pegged base.',
  balanced: 'Your portfolio is balanced between XSD stability and BankX growth.',
  leans_stable: 'Your portfolio leans toward stability, with most of its value in XSD.',
  leans_growth: 'Your portfolio leans toward growth, with most of its value in BankX.',
};

/**
 * XSD over 90 % heavily XSD; BankX over 90 % heavily BankX; XSD 40 to 60 % balanced; XSD over
 * 60 % leans stable; otherwise leans growth. Null without holdings.
 */
export function portfolioAdvice(allocation: TokenAllocation): PortfolioAdviceKind | null {
  const { XSD: xsd, BankX: bankx } = allocation.shares;
  if (xsd === null || bankx === null) return null;
  if (xsd > 90) return 'heavily_xsd';
  if (bankx > 90) return 'heavily_bankx';
  if (xsd >= 40 && xsd <= 60) return 'balanced';
  if (xsd > 60) return 'leans_stable';
  return 'leans_growth';
}

export type RiskLabel = 'Conservative' | 'Balanced' | 'Aggressive';

export interface RiskScore {
  /** The BankX share, rounded, capped at 100. */
  readonly score: number;
  readonly label: RiskLabel;
}

/** Under 33 Conservative, under 67 Balanced, else Aggressive. Null without holdings. */
export function riskScore(allocation: TokenAllocation): RiskScore | null {
  const bankx = allocation.shares.BankX;
  if (bankx === null) return null;
  const score = Math.min(100, Math.max(0, Math.round(bankx)));
  return { score, label: riskLabel(score) };
}

export function riskLabel(score: number): RiskLabel {
  if (score < 33) return 'Conservative';
  if (score < 67) return 'Balanced';
  return 'Aggressive';
}

// ---- Networks ------------------------------------------------------------------------------------

/** The Networks view lists this many networks; its palette has 7 colours. */
export const NETWORK_VIEW_LIMIT = 6;

export interface NetworkAllocation {
  readonly chain: ChainName;
  /** USD of both tokens on the chain (known values only). */
  readonly value: number;
  /** Percent of the portfolio, on the same basis as the token allocation. */
  readonly share: number;
}

/** Per chain, largest first (ties in display order of the entries). Empty without holdings. */
export function networkAllocation(entries: readonly WalletBalanceEntry[]): NetworkAllocation[] {
  const held = entries.filter((e) => Number.isFinite(e.balance) && e.balance > 0);
  const byValue = sum(held.map((e) => e.value ?? 0)) > 0;
  const chains = new Map<ChainName, { value: number; amount: number }>();
  for (const entry of held) {
    const row = chains.get(entry.chain) ?? { value: 0, amount: 0 };
    row.value += entry.value ?? 0;
    row.amount += byValue ? (entry.value ?? 0) : entry.balance;
    chains.set(entry.chain, row);
  }
  const total = sum([...chains.values()].map((r) => r.amount));
  if (total <= 0) return [];
  return [...chains.entries()]
    .map(([chain, r]) => ({ chain, value: r.value, share: (r.amount / total) * 100 }))
    .sort((a, b) => b.share - a.share);
}

export type DiversificationLabel = 'good' | 'moderate' | 'low';

export interface Diversification {
  /** 0 to 100. */
  readonly score: number;
  readonly label: DiversificationLabel;
}

/** The chains a portfolio can spread over: the seven active networks. */
export const DIVERSIFICATION_NETWORK_COUNT = 7;

/**
 * How evenly the portfolio spreads over the networks, 0 to 100: the Shannon entropy of the
 * network shares as a percent of the most it could be (an even split over every active network).
 * 0 for one network (or none); 100 for an even split over all seven. The spec fixes the scale and
 * the labels but not the formula; this one rewards both more networks and a more even spread.
 */
export function diversificationScore(
  networks: readonly Pick<NetworkAllocation, 'share'>[],
  networkCount = DIVERSIFICATION_NETWORK_COUNT,
): Diversification {
  const shares = networks.map((n) => n.share / 100).filter((s) => s > 0);
  if (shares.length <= 1 || networkCount <= 1) return { score: 0, label: diversificationLabel(0) };
  const entropy = -sum(shares.map((s) => s * Math.log(s)));
  const score = Math.min(100, Math.max(0, Math.round((entropy / Math.log(Math.max(networkCount, shares.length))) * 100)));
  return { score, label: diversificationLabel(score) };
}

/** 70 and up good, 40 to 69 moderate, else low. */
export function diversificationLabel(score: number): DiversificationLabel {
  if (score >= 70) return 'good';
  if (score >= 40) return 'moderate';
  return 'low';
}

// ---- The whole analysis --------------------------------------------------------------------------

export interface PortfolioAnalysis {
  readonly allocation: TokenAllocation;
  readonly holdingsTier: HoldingsTier | null;
  readonly advice: PortfolioAdviceKind | null;
  readonly risk: RiskScore | null;
  readonly networks: readonly NetworkAllocation[];
  readonly diversification: Diversification;
}

export function analysePortfolio(entries: readonly WalletBalanceEntry[]): PortfolioAnalysis {
  const allocation = tokenAllocation(entries);
  const networks = networkAllocation(entries);
  return {
    allocation,
    holdingsTier: holdingsTier(allocation.balances.XSD),
    advice: portfolioAdvice(allocation),
    risk: riskScore(allocation),
    networks,
    diversification: diversificationScore(networks),
  };
}

// ---- Export ----------------------------------------------------------------------------------------

export const PORTFOLIO_CSV_COLUMNS = ['Token', 'Chain', 'Balance', 'Value (USD)'] as const;

const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A USD amount for the export: 2 decimals, up to 8 below 1, no symbol or grouping; empty when unknown. */
function csvUsd(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  if (Math.abs(value) >= 1) return value.toFixed(2);
  const [whole, fraction = ''] = value.toFixed(8).split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** The export: the spec's columns, one row per balance, CRLF-free lines ending in '\n'. */
export function portfolioCsv(entries: readonly WalletBalanceEntry[]): string {
  const rows = entries.map((e) => [e.token, e.chain, String(e.balance), csvUsd(e.value)]);
  return [[...PORTFOLIO_CSV_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

/** `silverboard-portfolio-2026-05-01.csv`: export file names carry the date. */
export function portfolioExportFileName(extension: 'csv' | 'json', now: Date): string {
  return `silverboard-portfolio-${now.toISOString().slice(0, 10)}.${extension}`;
}
