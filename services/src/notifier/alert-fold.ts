import type { AnyEvent } from '@xsd/contracts';
import type { PushPayload } from '@xsd/contracts/api/push';
import { type AlertTriggerItem, PUSH_TRIGGERS_BATCH_MAX } from '@xsd/contracts/events/push-events';
import type { AlertFiring } from '@xsd/contracts/rules/alert-notification';
import { decideThresholdAlert, reminderFires } from '@xsd/contracts/rules/alert-firing';
import type { Transaction } from 'kysely';
import type { DB } from '../database/schema.js';
import {
  type DecidedTrigger,
  type NotifierStateRepository,
  type RuleStateChange,
  type TargetKeys,
  type ThresholdRuleRow,
} from '../read-models/push/notifier-state.repository.js';
import type { NotifierTelegramRepository } from '../read-models/push/notifier-telegram.repository.js';
import { floatingStartAsUtc, instantMs } from '../read-models/push/notifier-rules.js';
import { deterministicEventId, triggerId } from './trigger-ids.js';
import { type TriggerMessage, triggerMessage } from './trigger-message.js';
import { NEWS_PUSH_TTL_SECONDS, newsPushPayload } from '../push/broadcast/news-push.service.js';
import { encodePushPayload } from '../push/sender/push-payload.js';

/** The events the notifier folds into its state; everything else only moves its checkpoint. */
export const NOTIFIER_EVENT_TYPES = new Set<AnyEvent['type']>([
  'price.ticked',
  'silver.ticked',
  'push.subscription-saved',
  'push.subscription-removed',
  'push.alerts-triggered',
  'push.deliveries-recorded',
  'telegram.link-created',
  'telegram.chat-bound',
  'telegram.chat-unbound',
  'push.broadcast-sent',
]);

interface Fired {
  readonly subscriptionId: string;
  readonly target: TargetKeys;
  readonly kind: AlertTriggerItem['kind'];
  readonly alertId: string;
  /** The price, or the event start; null for news. */
  readonly value: number | null;
  readonly message: TriggerMessage;
}

/** An alert that fired, with its message in the in-tab checker's words. */
function firedAlert(subscriptionId: string, target: TargetKeys, firing: AlertFiring, value: number, atMs: number): Fired {
  return { subscriptionId, target, kind: firing.kind, alertId: firing.alertId, value, message: triggerMessage(firing, atMs) };
}

/**
 * The triggers of one evaluation (one price event, one reminder pass), in events of at most
 * PUSH_TRIGGERS_BATCH_MAX triggers. Trigger ids depend on the subscription, the alert and the
 * source alone, event ids on the source and the evaluation's time: deciding again after a crash
 * gives the same triggers (and, for a price event, the same events).
 */
export function decidedTriggers(sourceId: string, atMs: number, fired: readonly Fired[]): DecidedTrigger[] {
  const triggeredAt = new Date(atMs).toISOString();
  const eventIds: string[] = [];
  return fired.map((item, index) => {
    const { message } = item;
    const chunk = Math.floor(index / PUSH_TRIGGERS_BATCH_MAX);
    eventIds[chunk] ??= deterministicEventId(`push.alerts-triggered\n${sourceId}\n${atMs}\n${chunk}`, atMs);
    return {
      triggerId: triggerId(item.subscriptionId, item.kind, item.alertId, sourceId),
      eventId: eventIds[chunk],
      sourceId,
      subscriptionId: item.subscriptionId,
      alertId: item.alertId,
      kind: item.kind,
      value: item.value,
      payload: message.payload,
      urgency: message.urgency,
      expiresAt: message.expiresAt,
      triggeredAt,
      target: item.target,
    };
  });
}

/** Judges each rule against one reading; returns those that fire and writes every state that changed. */
async function judge(
  trx: Transaction<DB>,
  state: NotifierStateRepository,
  rules: readonly ThresholdRuleRow[],
  price: number,
  nowMs: number,
  firing: (rule: ThresholdRuleRow) => AlertFiring,
): Promise<Fired[]> {
  const changes: RuleStateChange[] = [];
  const fired: Fired[] = [];
  for (const rule of rules) {
    const before = { armed: rule.armed, lastTriggeredMs: rule.last_triggered_at?.getTime() ?? null };
    const decision = decideThresholdAlert(rule, before, price, nowMs);
    if (decision.state !== before) {
      const last = decision.state.lastTriggeredMs;
      changes.push({
        subscriptionId: rule.subscription_id,
        kind: rule.kind,
        alertId: rule.alert_id,
        armed: decision.state.armed,
        lastTriggeredAt: last === null ? null : new Date(last).toISOString(),
      });
    }
    if (decision.fire) fired.push(firedAlert(rule.subscription_id, rule, firing(rule), price, nowMs));
  }
  await state.updateRuleStates(trx, changes);
  return fired;
}

export interface FoldResult {
  /** Triggers this event decided, to be appended once the transaction commits. */
  readonly decided: DecidedTrigger[];
  /** Triggers this notifier did not know yet became sendable (appended by another leader). */
  readonly sendable: number;
  /** Rules judged against the event's price. */
  readonly evaluated: number;
}

const NOTHING: FoldResult = { decided: [], sendable: 0, evaluated: 0 };
const judged = (decided: DecidedTrigger[], evaluated: number): FoldResult => ({ decided, sendable: 0, evaluated });

/**
 * Applies one event of the log to the notifier's state, inside the transaction that also moves its
 * checkpoint. "Now" is the event's own time, so the same log always gives the same decisions.
 */
export async function foldEvent(
  trx: Transaction<DB>,
  state: NotifierStateRepository,
  telegram: NotifierTelegramRepository,
  event: AnyEvent,
): Promise<FoldResult> {
  switch (event.type) {
    case 'price.ticked': {
      const { token, chain, price } = event.data;
      const nowMs = Date.parse(event.occurredAt);
      const rules = await state.priceRules(trx, token, chain);
      const fired = await judge(trx, state, rules, price, nowMs, (rule) => ({
        kind: 'price',
        alertId: rule.alert_id,
        token,
        chain,
        condition: rule.condition,
        threshold: rule.threshold,
        price,
      }));
      return judged(decidedTriggers(event.id, nowMs, fired), rules.length);
    }
    case 'silver.ticked': {
      const price = event.data.pricePerGram;
      const nowMs = Date.parse(event.occurredAt);
      const rules = await state.silverRules(trx);
      const fired = await judge(trx, state, rules, price, nowMs, (rule) => ({
        kind: 'silver',
        alertId: rule.alert_id,
        condition: rule.condition,
        threshold: rule.threshold,
        price,
      }));
      return judged(decidedTriggers(event.id, nowMs, fired), rules.length);
    }
    case 'push.subscription-saved':
      await state.saveSubscription(trx, event.data);
      return NOTHING;
    case 'push.subscription-removed':
      await state.removeSubscription(trx, event.data.subscriptionId);
      return NOTHING;
    case 'push.alerts-triggered': {
      const sendable = await state.applyTriggered(
        trx,
        event.data.triggers.map((trigger) => ({ ...trigger, eventId: event.id, sourceId: event.data.sourceId, triggeredAt: event.occurredAt })),
      );
      return { decided: [], sendable, evaluated: 0 };
    }
    case 'push.deliveries-recorded':
      await state.recordOutcomes(trx, event.data.deliveries, event.occurredAt);
      return NOTHING;
    case 'telegram.link-created':
      await telegram.saveLink(trx, event.data, event.occurredAt);
      return NOTHING;
    case 'telegram.chat-bound':
      // Used once: the binding that comes first in the log takes the link.
      await telegram.markLinkUsed(trx, event.data.linkId, event.occurredAt);
      await state.bindTelegramChat(trx, event.data);
      return NOTHING;
    case 'telegram.chat-unbound':
      await state.removeSubscription(trx, event.data.subscriptionId);
      return NOTHING;
    case 'push.broadcast-sent': {
      // Web push subscribers had breaking news from the API's broadcast; bound chats get it here.
      if (event.data.source !== 'breaking_news') return NOTHING;
      const targets = await state.newsTargets(trx);
      const item = targets.length === 0 ? undefined : await telegram.newsItem(trx, event.data.sourceId);
      if (!item) return NOTHING;
      const nowMs = Date.parse(event.occurredAt);
      // Cut to the payload's limits as the push was; alive as long as the push's TTL.
      const payload = JSON.parse(encodePushPayload(newsPushPayload(item))) as PushPayload;
      const message: TriggerMessage = { payload, urgency: 'high', expiresAt: new Date(nowMs + NEWS_PUSH_TTL_SECONDS * 1000).toISOString() };
      const fired = targets.map((target) => ({ subscriptionId: target.subscription_id, target, kind: 'news' as const, alertId: item.id, value: null, message }));
      return { decided: decidedTriggers(event.data.broadcastId, nowMs, fired), sendable: 0, evaluated: 0 };
    }
    default:
      return NOTHING;
  }
}

/**
 * The event start a reminder counts down to: the event's date and time as staff keep them (they
 * are local to the viewer), placed in the visitor's time zone as measured when the alert was saved;
 * without that, the instant the visitor's browser saved; without that, the floating time as UTC.
 */
export function reminderStartMs(rule: { start_date: string; start_time: string | null; start_offset_ms: number | null; event_date: string }): number | null {
  const floating = floatingStartAsUtc(rule.start_date, rule.start_time);
  if (floating !== null && rule.start_offset_ms !== null) return floating + Number(rule.start_offset_ms);
  return instantMs(rule.event_date) ?? floating;
}

/** One reminder pass at `nowMs`: every due reminder fires once per event start; `evaluated` reminder rules were judged. */
export async function decideReminders(
  trx: Transaction<DB>,
  state: NotifierStateRepository,
  nowMs: number,
): Promise<{ triggers: DecidedTrigger[]; evaluated: number }> {
  const rules = await state.reminderRules(trx);
  const byStart = new Map<number, Fired[]>();
  for (const rule of rules) {
    const startMs = reminderStartMs(rule);
    if (startMs === null) continue;
    if (!reminderFires(startMs, rule.reminder_minutes, rule.last_triggered_at?.getTime() ?? null, nowMs)) continue;
    const fired = byStart.get(startMs) ?? [];
    fired.push(firedAlert(rule.subscription_id, rule, { kind: 'calendar', alertId: rule.alert_id, eventTitle: rule.title, startMs }, startMs, nowMs));
    byStart.set(startMs, fired);
  }
  if (byStart.size === 0) return { triggers: [], evaluated: rules.length };
  const at = new Date(nowMs).toISOString();
  await state.markReminded(
    trx,
    [...byStart.values()].flat().map((item) => ({ subscriptionId: item.subscriptionId, alertId: item.alertId })),
    at,
  );
  // The source is the event start: a reminder fires once per start, whichever pass sees it first.
  const triggers = [...byStart].flatMap(([startMs, fired]) => decidedTriggers(`reminder:${new Date(startMs).toISOString()}`, nowMs, fired));
  return { triggers, evaluated: rules.length };
}
