/**
 * What a fired alert says, in the browser (the in-tab checker) and in a web push from the notifier
 * alike, so a visitor reads the same words whichever of the two reached them first. The same tag
 * makes the later of the two replace the earlier on the device instead of doubling it.
 */
import type { AlertCondition } from '../api/alerts.js';
import type { ChainName, TokenName } from '../chains/names.js';

/** Spec section 9: alert prices print with 6 decimals for tokens, 4 for silver. */
export const TOKEN_ALERT_DECIMALS = 6;
export const SILVER_ALERT_DECIMALS = 4;

export const formatTokenAlertPrice = (price: number): string => `$${price.toFixed(TOKEN_ALERT_DECIMALS)}`;
export const formatSilverAlertPrice = (price: number): string => `$${price.toFixed(SILVER_ALERT_DECIMALS)}`;

const MINUTE_MS = 60_000;

/** `5 minutes`, `1 hour`, `2 hours`, `1 day`. */
export function reminderLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** One alert that fired, with the reading (or the event start) that made it fire. */
export type AlertFiring =
  | {
      readonly kind: 'price';
      readonly alertId: string;
      readonly token: TokenName;
      readonly chain: ChainName;
      readonly condition: AlertCondition;
      readonly threshold: number;
      readonly price: number;
    }
  | { readonly kind: 'silver'; readonly alertId: string; readonly condition: AlertCondition; readonly threshold: number; readonly price: number }
  | { readonly kind: 'calendar'; readonly alertId: string; readonly eventTitle: string; readonly startMs: number };

export interface AlertNotificationText {
  readonly title: string;
  readonly body: string;
  /** The same for an alert wherever it is shown, so a push replaces the tab's notification. */
  readonly tag: string;
  /** Where a click on it leads. */
  readonly url: string;
}

/** A notification's tag is at most 64 characters (the push payload's limit). */
export const alertTag = (alertId: string): string => `alert-${alertId}`.slice(0, 64);

/** `starts in 15 minutes`, never less than a minute. */
function untilStart(startMs: number, nowMs: number): string {
  return reminderLabel(Math.max(1, Math.ceil((startMs - nowMs) / MINUTE_MS)));
}

export function alertNotificationText(firing: AlertFiring, nowMs: number): AlertNotificationText {
  const tag = alertTag(firing.alertId);
  switch (firing.kind) {
    case 'price':
      return {
        title: `${firing.token} price alert`,
        body:
          `${firing.token} on ${firing.chain} is ${formatTokenAlertPrice(firing.price)}, ` +
          `${firing.condition} your ${formatTokenAlertPrice(firing.threshold)} alert.`,
        tag,
        url: '/price-alerts',
      };
    case 'silver':
      return {
        title: 'Silver price alert',
        body:
          `Silver is ${formatSilverAlertPrice(firing.price)} per gram, ` +
          `${firing.condition} your ${formatSilverAlertPrice(firing.threshold)} alert.`,
        tag,
        url: '/price-alerts',
      };
    case 'calendar':
      return { title: 'Event reminder', body: `${firing.eventTitle} starts in ${untilStart(firing.startMs, nowMs)}.`, tag, url: '/calendar' };
    default: {
      const unknown: never = firing;
      throw new Error(`unknown alert kind ${(unknown as AlertFiring).kind}`);
    }
  }
}
