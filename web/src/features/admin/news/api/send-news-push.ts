import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { NEWS_PUSH_TIMEOUT_MS, type NewsPushResponse } from '@xsd/contracts/api/push';
import { ApiError, sendJson } from '../../../../lib/api-client';
import { adminItemPath, adminKey, useAdminMutation } from '../../api/admin-query';

export const adminPushQueryKey = adminKey('push');

/** The server answered 200 but said the send did not succeed. */
export class PushUnsuccessfulError extends Error {
  override name = 'PushUnsuccessfulError';
}

const isCount = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** POST /api/admin/news/:id/push, waiting at most 30 s (the spec's push send timeout). */
export async function sendNewsPush(id: string): Promise<NewsPushResponse> {
  const answer = await sendJson<NewsPushResponse>('POST', `${adminItemPath('news', id)}/push`, undefined, { timeoutMs: NEWS_PUSH_TIMEOUT_MS });
  if (typeof answer !== 'object' || typeof answer.success !== 'boolean' || ![answer.sent, answer.failed, answer.total].every(isCount)) {
    throw new ApiError(PUSH_MESSAGES.invalidResponse, 200, 'invalid_body');
  }
  if (!answer.success) throw new PushUnsuccessfulError(PUSH_MESSAGES.sendFailed);
  return answer;
}

/** The Breaking News tab's send action; the activity log and push figures refresh after it. */
export function useSendNewsPush() {
  return useAdminMutation(sendNewsPush, [adminPushQueryKey]);
}
