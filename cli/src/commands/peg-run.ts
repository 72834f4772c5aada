import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import { DAYS_RANGE_MESSAGE } from '@xsd/contracts/api/prices-query';
import { MAX_HISTORY_DAYS, MIN_HISTORY_DAYS } from '@xsd/contracts/rules/chart-points';
import type { Command } from 'commander';
import { UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { PEG_COLUMNS, pegView } from '../views/peg-view.js';
import { rowsText } from '../views/report-text.js';
import { publicApi } from './context.js';

export interface PegOptions {
  readonly days?: string;
  readonly json?: boolean;
}

/** `--days`: whole days from 1 to 365, the API's own rule and message. */
export function parseDays(value: string | undefined): number {
  if (value === undefined) return MIN_HISTORY_DAYS;
  const days = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(days) || days < MIN_HISTORY_DAYS || days > MAX_HISTORY_DAYS) throw new UsageError(DAYS_RANGE_MESSAGE);
  return days;
}

/** `xsd peg`: JSON (the API's answer as it came), plain text or the Ink table. */
export async function runPeg(options: PegOptions, command: Command): Promise<void> {
  const days = parseDays(options.days);
  const peg = await publicApi(command).get<PegHealthResponse>(`/api/prices/peg?days=${days}`);
  const mode = outputMode(options);
  if (mode === 'json') return writeJson(peg);
  const view = pegView(peg);
  if (mode === 'plain') {
    for (const line of [view.heading, ...rowsText(PEG_COLUMNS, view.rows)]) writeLine(line);
    return;
  }
  const { showPeg } = await import('../interactive/reports.js');
  showPeg(view);
}
