import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import { SCAN_PARTIAL_FAILURE_MESSAGE, type WalletChainResult, type WalletScanResponse } from '@xsd/contracts/api/wallets';
import { formatChangePercent, formatUsd, NOT_AVAILABLE } from '@xsd/contracts/rules/format';
import { DEVIATION_TIER_LABELS, deviationTier } from '@xsd/contracts/rules/peg-deviation';
import {
  analysePortfolio,
  type DiversificationLabel,
  NETWORK_VIEW_LIMIT,
  PORTFOLIO_ADVICE,
  type PortfolioAnalysis,
  type RiskLabel,
} from '@xsd/contracts/rules/portfolio-analysis';
import type { Tone } from '../theme.js';
import { deviationTone } from './prices-view.js';
import type { ViewCell, ViewField, ViewRow } from './view-types.js';
import { formatInstant } from './time-format.js';

/** Progress of one chain while a scan runs. */
export type ChainProgressState = 'scanning' | 'ok' | 'failed';

export interface ChainProgress {
  readonly chain: ChainName;
  readonly state: ChainProgressState;
  /** Balances once read, or the reason it failed. */
  readonly detail: string;
}

const amountFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** A token amount: `1,750`, `0.0125`. */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

export function pendingProgress(chains: readonly ChainName[]): ChainProgress[] {
  return chains.map((chain) => ({ chain, state: 'scanning', detail: 'scanning…' }));
}

export function chainProgress(result: WalletChainResult): ChainProgress {
  return result.status === 'ok'
    ? { chain: result.chain, state: 'ok', detail: `${formatAmount(result.balances.XSD)} XSD, ${formatAmount(result.balances.BankX)} BankX` }
    : { chain: result.chain, state: 'failed', detail: result.error };
}

export function withChainResult(progress: readonly ChainProgress[], result: WalletChainResult): ChainProgress[] {
  const next = chainProgress(result);
  const known = progress.some((p) => p.chain === result.chain);
  return known ? progress.map((p) => (p.chain === result.chain ? next : p)) : [...progress, next];
}

export const CHAIN_COLUMNS = ['NETWORK', 'STATUS', 'XSD', 'BANKX'] as const;
export const BALANCE_COLUMNS = ['TOKEN', 'CHAIN', 'BALANCE', 'PRICE', 'VALUE', 'PEG DEVIATION'] as const;
export const ALLOCATION_COLUMNS = ['TOKEN', 'SHARE', 'VALUE', 'BALANCE'] as const;
export const NETWORK_COLUMNS = ['NETWORK', 'SHARE', 'VALUE'] as const;

export interface ScanView {
  readonly title: string;
  readonly chains: readonly ViewRow[];
  readonly balances: readonly ViewRow[];
  readonly total: string;
  readonly allocation: readonly ViewRow[];
  readonly networks: readonly ViewRow[];
  /** `+1 more network` beyond the top 6; null otherwise. */
  readonly moreNetworks: string | null;
  readonly summary: readonly ViewField[];
  /** 'Scan Error: Failed to fetch some balances. Please try again. (Polygon: ...)' when chains failed. */
  readonly error: string | null;
  /** When the address holds neither token on any network that answered. */
  readonly empty: string | null;
}

const RISK_TONE: Readonly<Record<RiskLabel, Tone>> = { Conservative: 'positive', Balanced: 'warning', Aggressive: 'negative' };
const DIVERSIFICATION_TONE: Readonly<Record<DiversificationLabel, Tone>> = { good: 'positive', moderate: 'warning', low: 'negative' };

const percent = (value: number | null) => (value === null ? NOT_AVAILABLE : `${value.toFixed(1)}%`);
const right = (text: string, tone?: Tone): ViewCell => ({ text, tone, align: 'right' });

export function scanError(scan: WalletScanResponse): string | null {
  if (scan.failed_chains.length === 0) return null;
  return `Scan Error: ${SCAN_PARTIAL_FAILURE_MESSAGE} (${scan.failed_chains.join(', ')} could not be read)`;
}

export function scanView(scan: WalletScanResponse, analysis: PortfolioAnalysis = analysePortfolio(scan.balances)): ScanView {
  const { allocation } = analysis;
  const chains = scan.chains.map((c): ViewRow => ({
    key: c.chain,
    cells:
      c.status === 'ok'
        ? [{ text: c.chain }, { text: 'ok', tone: 'positive' }, right(formatAmount(c.balances.XSD)), right(formatAmount(c.balances.BankX))]
        : [{ text: c.chain }, { text: 'failed', tone: 'negative' }, right('-', 'muted'), right('-', 'muted')],
  }));
  const balances = scan.balances.map((b): ViewRow => {
    const tier = b.pegDeviation === null || b.pegDeviation === undefined ? null : deviationTier(b.pegDeviation);
    return {
      key: `${b.token}:${b.chain}`,
      cells: [
        { text: b.token },
        { text: b.chain },
        right(formatAmount(b.balance)),
        right(formatUsd(b.price)),
        right(formatUsd(b.value)),
        b.token !== 'XSD'
          ? { text: '-', tone: 'muted' }
          : tier === null
            ? { text: NOT_AVAILABLE, tone: 'muted' }
            : { text: `${formatChangePercent(b.pegDeviation)} ${DEVIATION_TIER_LABELS[tier]}`, tone: deviationTone(tier) },
      ],
    };
  });
  const tokens: readonly TokenName[] = ['XSD', 'BankX'];
  const allocationRows = tokens.map((token): ViewRow => ({
    key: token,
    cells: [{ text: token }, right(percent(allocation.shares[token])), right(formatUsd(allocation.values[token])), right(formatAmount(allocation.balances[token]))],
  }));
  const top = analysis.networks.slice(0, NETWORK_VIEW_LIMIT);
  const hidden = analysis.networks.length - top.length;
  const networks = top.map((n): ViewRow => ({ key: n.chain, cells: [{ text: n.chain }, right(percent(n.share)), right(formatUsd(n.value))] }));
  const basis = allocation.basis === 'balance' ? ' (by balance: no prices known)' : '';
  const summary: ViewField[] = [
    {
      label: 'Holdings tier',
      value: analysis.holdingsTier ? `${analysis.holdingsTier} (${formatAmount(allocation.balances.XSD)} XSD)` : 'none (no XSD)',
      tone: analysis.holdingsTier ? 'neutral' : 'muted',
    },
    {
      label: 'Risk score',
      value: analysis.risk ? `${analysis.risk.score} / 100 ${analysis.risk.label}${basis}` : NOT_AVAILABLE,
      tone: analysis.risk ? RISK_TONE[analysis.risk.label] : 'muted',
    },
    {
      label: 'Diversification',
      value: `${analysis.diversification.score} / 100 ${analysis.diversification.label}`,
      tone: DIVERSIFICATION_TONE[analysis.diversification.label],
    },
    { label: 'Advice', value: analysis.advice ? PORTFOLIO_ADVICE[analysis.advice] : 'No XSD or BankX to advise on.', tone: 'neutral' },
  ];
  const readChains = scan.chains.filter((c) => c.status === 'ok').length;
  return {
    title: `Portfolio of ${scan.address}, scanned ${formatInstant(scan.scanned_at)}`,
    chains,
    balances,
    total: `Total value ${formatUsd(scan.total_value)}`,
    allocation: allocationRows,
    networks,
    moreNetworks: hidden > 0 ? `+${hidden} more network${hidden === 1 ? '' : 's'}` : null,
    summary,
    error: scanError(scan),
    empty: scan.balances.length === 0 ? `No XSD or BankX on the ${readChains} network${readChains === 1 ? '' : 's'} read.` : null,
  };
}

/** `--json`: the scan with its analysis (the same rules as the web app's Portfolio Scanner). */
export function scanJson(scan: WalletScanResponse, analysis: PortfolioAnalysis = analysePortfolio(scan.balances)) {
  return {
    ...scan,
    analysis: {
      holdings_tier: analysis.holdingsTier,
      allocation: {
        basis: analysis.allocation.basis,
        balances: analysis.allocation.balances,
        values: analysis.allocation.values,
        shares: analysis.allocation.shares,
      },
      networks: analysis.networks,
      risk_score: analysis.risk?.score ?? null,
      risk_label: analysis.risk?.label ?? null,
      diversification_score: analysis.diversification.score,
      diversification_label: analysis.diversification.label,
      advice: analysis.advice,
      advice_text: analysis.advice ? PORTFOLIO_ADVICE[analysis.advice] : null,
      peg_deviation: scan.balances
        .filter((b) => b.token === 'XSD')
        .map((b) => ({
          chain: b.chain,
          deviation: b.pegDeviation ?? null,
          tier: b.pegDeviation === null || b.pegDeviation === undefined ? null : deviationTier(b.pegDeviation),
        })),
    },
  };
}
