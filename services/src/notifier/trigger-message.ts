import type { PushPayload } from '@xsd/contracts/api/push';
import { type AlertFiring, alertNotificationText } from '@xsd/contracts/rules/alert-notification';

/** A price alert is news for an hour; after that the push service may drop it. */
export const PRICE_ALERT_TTL_MS = 60 * 60_000;
/** A reminder of an event starting within this long is sent with high urgency (it wakes a sleeping device). */
export const URGENT_REMINDER_MS = 60 * 60_000;

export interface TriggerMessage {
  readonly payload: PushPayload;
  readonly urgency: 'normal' | 'high';
  /** ISO instant after which it is not worth delivering: the TTL counts down to it. */
  readonly expiresAt: string;
}

/**
 * What the push of a fired alert carries, in the same words as the in-tab checker's notification
 * (contracts' `alertNotificationText`), with the same tag so one replaces the other on a device.
 * Price and silver alerts live an hour with normal urgency; a reminder lives until its event
 * starts, urgent when that is within the hour.
 */
export function triggerMessage(firing: AlertFiring, nowMs: number): TriggerMessage {
  const text = alertNotificationText(firing, nowMs);
  const payload: PushPayload = {
    title: text.title,
    body: text.body,
    icon: '/pwa-192x192.png',
    badge: '/badge-96x96.png',
    tag: text.tag,
    data: { url: text.url, kind: firing.kind, alertId: firing.alertId },
  };
  if (firing.kind === 'calendar') {
    return {
      payload,
      urgency: firing.startMs - nowMs <= URGENT_REMINDER_MS ? 'high' : 'normal',
      expiresAt: new Date(firing.startMs).toISOString(),
    };
  }
  return { payload, urgency: 'normal', expiresAt: new Date(nowMs + PRICE_ALERT_TTL_MS).toISOString() };
}

/** A push's words as one chat message (Telegram): the title on its own line, then the text. */
export function messageText(payload: Pick<PushPayload, 'title' | 'body'>): string {
  return `${payload.title}\n${payload.body}`;
}
