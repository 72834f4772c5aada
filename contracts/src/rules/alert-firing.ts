/**
 * When an alert fires, beyond the spec's comparisons in `api/push.ts` (at or beyond the threshold,
 * the 15-minute gap, the reminder window): once per reminder window, and, for the notifier, not
 * again while a price hovers at its threshold. Pure, time passed in.
 */
import { type AlertCondition, priceCrossed, priceRearmed, reminderDue, retriggerAllowed } from '../api/alerts.js';

const MINUTE_MS = 60_000;

/**
 * A reminder fires once per event start: when it is due and has not fired since its window opened
 * (the 15-minute gap alone would repeat a one-day reminder all day).
 */
export function reminderFires(startMs: number, reminderMinutes: number, lastTriggeredMs: number | null, nowMs: number): boolean {
  if (!reminderDue(startMs, reminderMinutes, nowMs)) return false;
  const windowOpens = startMs - reminderMinutes * MINUTE_MS;
  return lastTriggeredMs === null || lastTriggeredMs < windowOpens;
}

/** What a price or silver alert remembers between readings. */
export interface ThresholdAlertState {
  /** False from a firing until the price has moved back across the threshold by the re-arm margin. */
  readonly armed: boolean;
  readonly lastTriggeredMs: number | null;
}

export const NEW_THRESHOLD_ALERT_STATE: ThresholdAlertState = { armed: true, lastTriggeredMs: null };

export interface ThresholdDecision {
  readonly fire: boolean;
  readonly state: ThresholdAlertState;
}

/**
 * One reading against one price or silver alert: it fires when armed, at or beyond the threshold,
 * and 15 minutes after its last firing; firing disarms it, and a reading back across the threshold
 * by the margin (ALERT_REARM_MARGIN) arms it again. So a price hovering at the line fires once, and
 * a price that really went back and crossed again fires again, but never within the gap.
 */
export function decideThresholdAlert(
  alert: { readonly condition: AlertCondition; readonly threshold: number },
  state: ThresholdAlertState,
  price: number,
  nowMs: number,
): ThresholdDecision {
  const armed = state.armed || priceRearmed(alert.condition, alert.threshold, price);
  if (armed && priceCrossed(alert.condition, alert.threshold, price) && retriggerAllowed(state.lastTriggeredMs, nowMs)) {
    return { fire: true, state: { armed: false, lastTriggeredMs: nowMs } };
  }
  return { fire: false, state: armed === state.armed ? state : { ...state, armed } };
}
