/**
 * The server's side of a push subscription (DESIGN.md: `/api/push/*`): the VAPID public key the
 * browser subscribes with, and the subscription registered with the visitor's preferences and
 * alert lists (upsert on the endpoint) or removed. One function per call, through the shared client.
 */
import type { AlertLists, NotificationPreferences } from '@xsd/contracts/api/alerts';
import type { PushKeyResponse, PushSubscriptionJson, SavePushSubscriptionRequest, SavePushSubscriptionResponse } from '@xsd/contracts/api/push';
import { getJson, sendJson } from '../../../lib/api-client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../lib/idempotency-key';

export const PUSH_KEY_PATH = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

export async function getPushPublicKey(): Promise<string> {
  const body = await getJson<PushKeyResponse>(PUSH_KEY_PATH);
  if (typeof body?.publicKey !== 'string' || body.publicKey === '') throw new Error('Invalid push key');
  return body.publicKey;
}

/** A base64url VAPID key as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** `PushSubscription.toJSON()` in the contract's shape (the DOM types leave every field optional). */
export function subscriptionJson(subscription: Pick<PushSubscription, 'toJSON'>): PushSubscriptionJson {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? '',
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export function saveRequest(
  subscription: Pick<PushSubscription, 'toJSON'>,
  preferences: NotificationPreferences,
  alerts: AlertLists,
): SavePushSubscriptionRequest {
  return { subscription: subscriptionJson(subscription), preferences, alerts };
}

/** Each save carries its own Idempotency-Key: sent again, it is stored once and never undoes a later save. */
export function savePushSubscription(body: SavePushSubscriptionRequest): Promise<SavePushSubscriptionResponse> {
  return sendJson<SavePushSubscriptionResponse>('POST', PUSH_SUBSCRIPTIONS_PATH, body, { headers: idempotencyHeaders(newIdempotencyKey()) });
}

export function deletePushSubscription(endpoint: string): Promise<unknown> {
  return sendJson<unknown>('DELETE', PUSH_SUBSCRIPTIONS_PATH, { endpoint });
}
