import { ANALYTICS_WINDOWS, type AnalyticsResponse } from '@xsd/contracts/api/analytics';
import type { Command } from 'commander';
import { UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { statsText } from '../views/stats-text.js';
import { apiUrlOf, explainStaffError, staffApi } from './context.js';

export interface StatsOptions {
  readonly days?: string;
  readonly json?: boolean;
}

/** `xsd stats`: the Analytics tab's figures as the signed-in staff member, as text or JSON. */
export async function runStats(options: StatsOptions, command: Command): Promise<void> {
  const days = options.days ?? '30';
  // Checked here too, so a typo is a usage error (exit 2) before any sign-in prompt.
  if (!ANALYTICS_WINDOWS.map(String).includes(days)) throw new UsageError('--days must be 7, 30, 90 or 365');
  const { api } = await staffApi(command);
  let answer: AnalyticsResponse;
  try {
    answer = await api.get<AnalyticsResponse>(`/api/admin/analytics?days=${days}`);
  } catch (error) {
    throw explainStaffError(error, apiUrlOf(command));
  }
  if (outputMode(options) === 'json') return writeJson(answer);
  for (const line of statsText(answer)) writeLine(line);
}
