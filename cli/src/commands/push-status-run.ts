import type { PushStatusResponse } from '@xsd/contracts/api/push';
import type { Command } from 'commander';
import { outputMode, writeJson, writeLine } from '../output/output-mode.js';
import { pushStatusText } from '../views/push-status-text.js';
import { apiUrlOf, explainStaffError, staffApi } from './context.js';

export interface PushStatusOptions {
  readonly json?: boolean;
}

/** `xsd push status`: the push figures as the signed-in staff member, as text or JSON. */
export async function runPushStatus(options: PushStatusOptions, command: Command): Promise<void> {
  const { api } = await staffApi(command);
  let answer: PushStatusResponse;
  try {
    answer = await api.get<PushStatusResponse>('/api/admin/push');
  } catch (error) {
    throw explainStaffError(error, apiUrlOf(command));
  }
  if (outputMode(options) === 'json') return writeJson(answer);
  for (const line of pushStatusText(answer)) writeLine(line);
}
