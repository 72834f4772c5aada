import type { TelegramStatusResponse } from '@xsd/contracts/api/telegram';
import { polledQuery } from '../../../api/polled-query';
import { getJson } from '../../../lib/api-client';

export const telegramStatusQueryKey = ['alerts', 'telegram'] as const;

/** Whether the site offers 'Send to Telegram' (the server has a bot). */
export function getTelegramStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TelegramStatusResponse> {
  return getJson<TelegramStatusResponse>('/api/alerts/telegram', { signal });
}

export const { options: telegramStatusQueryOptions, useRead: useTelegramStatus } = polledQuery(telegramStatusQueryKey, getTelegramStatus, {
  // A deployment setting: read once per visit.
  staleTime: Infinity,
  retry: 1,
});
