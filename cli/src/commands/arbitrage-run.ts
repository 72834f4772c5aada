import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import {
  DEFAULT_ARBITRAGE_SETTINGS,
  MIN_PROFIT_AMOUNT_RANGE,
  MIN_PROFIT_PERCENT_RANGE,
  TRADE_AMOUNT_RANGE,
  type ArbitrageSettings,
} from '@xsd/contracts/rules/arbitrage';
import type { Command } from 'commander';
import { UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { ARBITRAGE_COLUMNS, arbitrageReport, arbitrageView } from '../views/arbitrage-view.js';
import { rowsText } from '../views/report-text.js';
import { publicApi } from './context.js';

export interface ArbitrageOptions {
  readonly amount?: string;
  readonly minPercent?: string;
  readonly minProfit?: string;
  readonly json?: boolean;
}

/** A number option within the settings modal's range; a usage error (exit 2) otherwise. */
function numberOption(name: string, value: string | undefined, range: { min: number; max?: number }, fallback: number): number {
  if (value === undefined) return fallback;
  const number = value.trim() === '' ? Number.NaN : Number(value);
  const within = Number.isFinite(number) && number >= range.min && (range.max === undefined || number <= range.max);
  if (!within) {
    const expected = range.max === undefined ? `a number of at least ${range.min}` : `a number from ${range.min} to ${range.max}`;
    throw new UsageError(`${name} must be ${expected}, got '${value}'`);
  }
  return number;
}

export function arbitrageSettings(options: ArbitrageOptions): ArbitrageSettings {
  return {
    ...DEFAULT_ARBITRAGE_SETTINGS,
    tradeAmount: numberOption('--amount', options.amount, TRADE_AMOUNT_RANGE, DEFAULT_ARBITRAGE_SETTINGS.tradeAmount),
    minProfitPercentage: numberOption('--min-percent', options.minPercent, MIN_PROFIT_PERCENT_RANGE, DEFAULT_ARBITRAGE_SETTINGS.minProfitPercentage),
    minProfitAmount: numberOption('--min-profit', options.minProfit, MIN_PROFIT_AMOUNT_RANGE, DEFAULT_ARBITRAGE_SETTINGS.minProfitAmount),
  };
}

/** `xsd arbitrage`: JSON, plain text or the Ink report. */
export async function runArbitrage(options: ArbitrageOptions, command: Command): Promise<void> {
  const settings = arbitrageSettings(options);
  const latest = await publicApi(command).get<LatestPricesResponse>('/api/prices/latest');
  const report = arbitrageReport(latest.items, settings);
  const mode = outputMode(options);
  if (mode === 'json') return writeJson(report);
  const view = arbitrageView(report);
  if (mode === 'plain') {
    for (const line of [view.heading, ...(view.empty ? [view.empty] : rowsText(ARBITRAGE_COLUMNS, view.rows)), '', view.advice, view.disclaimer]) {
      writeLine(line);
    }
    return;
  }
  const { showArbitrage } = await import('../interactive/reports.js');
  showArbitrage(view);
}
