import type { ActivityResponse } from '@xsd/contracts/api/admin-activity';
import type { Command } from 'commander';
import { ApiRequestError } from '../api/api-client.js';
import { UsageError } from '../cli-error.js';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { parseSince } from '../time/parse-since.js';
import { ACTIVITY_COLUMNS, activityView } from '../views/activity-view.js';
import { rowsText } from '../views/report-text.js';
import { apiUrlOf, explainStaffError, staffApi } from './context.js';

export interface ActivityOptions {
  readonly actor?: string;
  readonly action?: string;
  readonly since?: string;
  readonly before?: string;
  readonly limit?: string;
  readonly json?: boolean;
}

/** The query string of GET /api/admin/activity for these options. */
export function activityQuery(options: ActivityOptions, now: Date): string {
  const params = new URLSearchParams();
  if (options.actor !== undefined) params.set('actor', options.actor);
  if (options.action !== undefined) params.set('action', options.action);
  if (options.since !== undefined) params.set('since', parseSince(options.since, now).toISOString());
  if (options.before !== undefined) params.set('before', options.before);
  if (options.limit !== undefined) params.set('limit', options.limit);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** `xsd activity`: the activity log as the signed-in staff member; JSON, plain text or the Ink table. */
export async function runActivity(options: ActivityOptions, command: Command): Promise<void> {
  const path = `/api/admin/activity${activityQuery(options, new Date())}`;
  const { api } = await staffApi(command);
  let answer: ActivityResponse;
  try {
    answer = await api.get<ActivityResponse>(path);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) throw new UsageError(error.message);
    throw explainStaffError(error, apiUrlOf(command));
  }
  const mode = outputMode(options);
  if (mode === 'json') return writeJson(answer);
  const view = activityView(answer.items, answer.next_before);
  if (mode === 'plain') {
    for (const line of view.empty ? [view.empty] : rowsText(ACTIVITY_COLUMNS, view.rows)) writeLine(line);
    if (view.more) writeLine(view.more);
    return;
  }
  const { showActivity } = await import('../interactive/reports.js');
  showActivity(view);
}
