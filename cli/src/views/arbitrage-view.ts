import type { LatestPrice } from '@xsd/contracts/api/prices';
import {
  ARBITRAGE_DISCLAIMER,
  ARBITRAGE_TOKEN,
  arbitrageAdvice,
  findArbitrage,
  type ArbitrageOpportunity,
  type ArbitrageSettings,
} from '@xsd/contracts/rules/arbitrage';
import { formatChangePercent, formatUsd } from '@xsd/contracts/rules/format';
import type { ViewRow } from './view-types.js';

export const ARBITRAGE_COLUMNS = ['#', 'BUY ON', 'SELL ON', 'BUY', 'SELL', 'SPREAD', 'PROFIT'] as const;

export interface ArbitrageReport {
  readonly settings: ArbitrageSettings;
  readonly opportunities: readonly ArbitrageOpportunity[];
  readonly advice: string;
  readonly disclaimer: string;
}

/** The finder over the latest XSD prices: what `--json` prints, and what the views show. */
export function arbitrageReport(items: readonly LatestPrice[], settings: ArbitrageSettings): ArbitrageReport {
  const opportunities = findArbitrage(
    items.filter((row) => row.token_name === ARBITRAGE_TOKEN),
    settings,
  );
  return { settings, opportunities, advice: arbitrageAdvice(opportunities), disclaimer: ARBITRAGE_DISCLAIMER };
}

export interface ArbitrageView {
  readonly heading: string;
  readonly rows: readonly ViewRow[];
  readonly empty: string | null;
  readonly advice: string;
  readonly disclaimer: string;
}

export function arbitrageView(report: ArbitrageReport): ArbitrageView {
  const { settings } = report;
  return {
    heading: `XSD arbitrage on ${formatUsd(settings.tradeAmount)}: at least ${settings.minProfitPercentage}% and ${formatUsd(settings.minProfitAmount)} profit`,
    rows: report.opportunities.map((o, i) => ({
      key: `${o.source}-${o.target}`,
      cells: [
        { text: i === 0 ? '1 best' : String(i + 1), tone: i === 0 ? 'positive' : 'neutral' },
        { text: o.source },
        { text: o.target },
        { text: formatUsd(o.sourcePrice), align: 'right' },
        { text: formatUsd(o.targetPrice), align: 'right' },
        { text: formatChangePercent(o.percentage), align: 'right', tone: 'positive' },
        { text: formatUsd(o.profit), align: 'right', tone: 'positive' },
      ],
    })),
    empty: report.opportunities.length === 0 ? 'No opportunities meet these thresholds right now.' : null,
    advice: report.advice,
    disclaimer: report.disclaimer,
  };
}
