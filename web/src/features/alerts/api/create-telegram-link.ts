import type { TelegramLinkRequest, TelegramLinkResponse } from '@xsd/contracts/api/telegram';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/** POST /api/alerts/telegram-link: a one-time t.me link that binds a chat to these alerts. */
export function createTelegramLink(request: TelegramLinkRequest): Promise<TelegramLinkResponse> {
  return sendJson<TelegramLinkResponse>('POST', '/api/alerts/telegram-link', request);
}

export function useCreateTelegramLink() {
  return useMutation({ mutationFn: createTelegramLink });
}
