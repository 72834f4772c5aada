import { formatSilverAlertPrice, formatTokenAlertPrice, reminderLabel } from '@xsd/contracts/rules/alert-notification';
import type { AlertCondition, CalendarAlert, SilverAlert, TokenPriceAlert } from '@xsd/contracts/api/alerts';

export const CONDITION_LABELS: Record<AlertCondition, string> = { above: 'Above', below: 'Below' };

/** How the lists name an alert (prices with the spec's 6 and 4 decimals, as the notifications print them). */
export const describeTokenAlert = (alert: Pick<TokenPriceAlert, 'token' | 'chain' | 'condition' | 'price'>) =>
  `${alert.token} on ${alert.chain} ${alert.condition} ${formatTokenAlertPrice(alert.price)}`;

export const describeSilverAlert = (alert: Pick<SilverAlert, 'condition' | 'price'>) =>
  `Silver ${alert.condition} ${formatSilverAlertPrice(alert.price)} per gram`;

export const describeCalendarAlert = (alert: Pick<CalendarAlert, 'eventTitle' | 'reminderTime'>) =>
  `${alert.eventTitle}, ${reminderLabel(alert.reminderTime)} before`;

/** A local date and time for lists ("last triggered", event start). */
export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** What a typed price means: a finite number above 0, or null (the form then does nothing). */
export function parseAlertPrice(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}
