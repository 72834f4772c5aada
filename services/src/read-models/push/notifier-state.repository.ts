import type { AlertCondition, AlertLists } from '@xsd/contracts/api/alerts';
import type { PushPayload } from '@xsd/contracts/api/push';
import type { AlertTriggerItem, PushDeliveryItem } from '@xsd/contracts/events/push-events';
import { Injectable } from '@nestjs/common';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../database/schema.js';
import { DatabaseRepository } from '../database-repository.js';
import type { AlertKind } from '../../database/column-types.js';
import { floatingStartAsUtc, PREFERENCE_COLUMN, rulesToStore, savedRules } from './notifier-rules.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Where a subscription's messages go: a push endpoint with its keys, or a Telegram chat. */
export interface TargetKeys {
  readonly endpoint: string | null;
  readonly p256dh: string | null;
  readonly auth: string | null;
  /** int8 as the drivers return it (a number). */
  readonly telegram_chat_id: number | null;
}

/** The two ways a trigger leaves: each has its own dispatcher. */
export type DeliveryChannelKind = 'web-push' | 'telegram';

/** Which channel a target is sent through. */
export function channelOf(target: Pick<TargetKeys, 'telegram_chat_id'>): DeliveryChannelKind {
  return target.telegram_chat_id === null ? 'web-push' : 'telegram';
}

/** A price or silver rule with the state its next reading is judged against, and its subscription's keys. */
export interface ThresholdRuleRow extends TargetKeys {
  readonly subscription_id: string;
  readonly kind: 'price' | 'silver';
  readonly alert_id: string;
  readonly condition: AlertCondition;
  readonly threshold: number;
  readonly armed: boolean;
  readonly last_triggered_at: Date | null;
}

/** An enabled calendar rule of a subscription that accepts reminders, with its event as staff keep it. */
export interface ReminderRuleRow extends TargetKeys {
  readonly subscription_id: string;
  readonly alert_id: string;
  readonly event_id: string;
  readonly event_date: string;
  readonly start_offset_ms: number | null;
  readonly reminder_minutes: number;
  readonly last_triggered_at: Date | null;
  readonly title: string;
  readonly start_date: string;
  readonly start_time: string | null;
}

/** A trigger as decided: what goes into the outbox and then into its push.alerts-triggered event. */
export interface DecidedTrigger extends AlertTriggerItem {
  readonly eventId: string;
  readonly sourceId: string;
  /** When it was decided (the source event's time), the triggered event's occurredAt. */
  readonly triggeredAt: string;
  /** Where to send it, when known at the decision (not for triggers read back from the log or the outbox). */
  readonly target?: TargetKeys;
}

/** A trigger to send, with where to send it (null when the subscription is gone). */
export interface SendableTrigger {
  readonly trigger_id: string;
  readonly subscription_id: string;
  readonly kind: AlertTriggerItem['kind'];
  readonly alert_id: string;
  readonly payload: PushPayload;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  readonly expires_at: Date;
  readonly endpoint: string | null;
  readonly p256dh: string | null;
  readonly auth: string | null;
  readonly telegram_chat_id: number | null;
}

export interface RuleStateChange {
  readonly subscriptionId: string;
  readonly kind: AlertKind;
  readonly alertId: string;
  readonly armed: boolean;
  readonly lastTriggeredAt: string | null;
}

/** All SQL of the notifier's state tables (see `notifier.tables.ts`). */
@Injectable()
export class NotifierStateRepository extends DatabaseRepository {
  // ── folded from the log, inside the notifier's checkpoint transaction ──────

  /**
   * Upserts a subscription and replaces its rules. A rule saved again unchanged keeps its state;
   * a browser firing newer than the server's counts as a firing (the gap and re-arm start from it).
   */
  async saveSubscription(
    trx: Transaction<DB>,
    data: { subscriptionId: string; endpoint: string; p256dh: string; auth: string; preferences: { priceAlerts: boolean; silverAlerts: boolean; calendarEvents: boolean }; alerts: AlertLists },
  ): Promise<void> {
    const { subscriptionId, endpoint, p256dh, auth, preferences } = data;
    const fields = { endpoint, p256dh, auth, price_alerts: preferences.priceAlerts, silver_alerts: preferences.silverAlerts, calendar_events: preferences.calendarEvents };
    await trx
      .insertInto('notifier_subscriptions')
      .values({ subscription_id: subscriptionId, ...fields })
      .onConflict((oc) => oc.column('subscription_id').doUpdateSet(fields))
      .execute();
    await this.replaceRules(trx, subscriptionId, data.alerts);
  }

  /** A Telegram chat bound to a link's alerts: a subscription of its own, its rules replaced (state kept as for a re-save). */
  async bindTelegramChat(
    trx: Transaction<DB>,
    data: { subscriptionId: string; chatId: number; preferences: { priceAlerts: boolean; silverAlerts: boolean; calendarEvents: boolean; systemUpdates: boolean }; alerts: AlertLists },
  ): Promise<void> {
    const { subscriptionId, chatId, preferences } = data;
    const fields = {
      telegram_chat_id: chatId,
      price_alerts: preferences.priceAlerts,
      silver_alerts: preferences.silverAlerts,
      calendar_events: preferences.calendarEvents,
      system_updates: preferences.systemUpdates,
    };
    await trx
      .insertInto('notifier_subscriptions')
      .values({ subscription_id: subscriptionId, ...fields })
      .onConflict((oc) => oc.column('subscription_id').doUpdateSet(fields))
      .execute();
    await this.replaceRules(trx, subscriptionId, data.alerts);
  }

  /** Replaces a subscription's rules; a rule saved again unchanged keeps its state. */
  private async replaceRules(trx: Transaction<DB>, subscriptionId: string, alerts: AlertLists): Promise<void> {
    const existing = await trx.selectFrom('notifier_rules').selectAll().where('subscription_id', '=', subscriptionId).execute();
    const rules = savedRules(alerts);
    await trx.deleteFrom('notifier_rules').where('subscription_id', '=', subscriptionId).execute();
    if (rules.length === 0) return;
    const eventStarts = await this.eventFloatingStarts(trx, rules.flatMap((rule) => (rule.event_id === null ? [] : [rule.event_id])));
    await trx
      .insertInto('notifier_rules')
      .values(rulesToStore(subscriptionId, rules, existing, eventStarts))
      .execute();
  }

  async removeSubscription(trx: Transaction<DB>, subscriptionId: string): Promise<void> {
    await trx.deleteFrom('notifier_rules').where('subscription_id', '=', subscriptionId).execute();
    await trx.deleteFrom('notifier_subscriptions').where('subscription_id', '=', subscriptionId).execute();
  }

  /** The enabled price rules of one token and chain whose subscription accepts price alerts. */
  priceRules(trx: Transaction<DB>, token: string, chain: string): Promise<ThresholdRuleRow[]> {
    return this.thresholdRules(trx, 'price', { token, chain });
  }

  /** The enabled silver rules whose subscription accepts silver alerts. */
  silverRules(trx: Transaction<DB>): Promise<ThresholdRuleRow[]> {
    return this.thresholdRules(trx, 'silver', null);
  }

  async updateRuleStates(trx: Transaction<DB>, changes: readonly RuleStateChange[]): Promise<void> {
    if (changes.length === 0) return;
    await sql`
      update notifier_rules as r
      set armed = c.armed, last_triggered_at = c.last_triggered_at
      from unnest(
        ${changes.map((c) => c.subscriptionId)}::uuid[],
        ${changes.map((c) => c.kind)}::text[],
        ${changes.map((c) => c.alertId)}::text[],
        ${changes.map((c) => c.armed)}::bool[],
        ${changes.map((c) => c.lastTriggeredAt)}::timestamptz[]
      ) as c(subscription_id, kind, alert_id, armed, last_triggered_at)
      where r.subscription_id = c.subscription_id and r.kind = c.kind and r.alert_id = c.alert_id`.execute(trx);
  }

  /** Writes decided triggers to the outbox (not yet appended). A trigger already known is left as it is. */
  async insertTriggers(trx: Executor, triggers: readonly DecidedTrigger[], appended: boolean): Promise<void> {
    if (triggers.length === 0) return;
    await sql`
      insert into notifier_triggers
        (trigger_id, event_id, source_id, subscription_id, kind, alert_id, value, payload, urgency, expires_at, triggered_at, appended)
      select t.*, ${appended} from unnest(
        ${triggers.map((t) => t.triggerId)}::uuid[],
        ${triggers.map((t) => t.eventId)}::uuid[],
        ${triggers.map((t) => t.sourceId)}::text[],
        ${triggers.map((t) => t.subscriptionId)}::uuid[],
        ${triggers.map((t) => t.kind)}::text[],
        ${triggers.map((t) => t.alertId)}::text[],
        ${triggers.map((t) => t.value)}::float8[],
        ${triggers.map((t) => JSON.stringify(t.payload))}::jsonb[],
        ${triggers.map((t) => t.urgency)}::text[],
        ${triggers.map((t) => t.expiresAt ?? new Date(Date.parse(t.triggeredAt) + 3_600_000).toISOString())}::timestamptz[],
        ${triggers.map((t) => t.triggeredAt)}::timestamptz[]
      ) as t
      on conflict (trigger_id) do ${appended ? sql`update set appended = true` : sql`nothing`}`.execute(trx);
  }

  /**
   * A push.alerts-triggered event in the log: its triggers become sendable (inserted if this
   * notifier never decided them, as after a lost outbox) and their rules remember the firing.
   */
  /** Returns how many of the triggers were new here (now sendable). */
  async applyTriggered(trx: Transaction<DB>, all: readonly DecidedTrigger[]): Promise<number> {
    // This notifier's own triggers are known and marked already (the usual case): nothing to do.
    const known = await trx
      .selectFrom('notifier_triggers')
      .select('trigger_id')
      .where(sql<boolean>`trigger_id = any(${all.map((t) => t.triggerId)}::uuid[])`)
      .where('appended', '=', true)
      .execute();
    const skip = new Set(known.map((row) => row.trigger_id));
    const triggers = all.filter((trigger) => !skip.has(trigger.triggerId));
    if (triggers.length === 0) return 0;
    await this.insertTriggers(trx, triggers, true);
    await sql`
      update notifier_rules as r
      set last_triggered_at = greatest(r.last_triggered_at, t.at)
      from unnest(
        ${triggers.map((t) => t.subscriptionId)}::uuid[],
        ${triggers.map((t) => t.kind)}::text[],
        ${triggers.map((t) => t.alertId)}::text[],
        ${triggers.map((t) => t.triggeredAt)}::timestamptz[]
      ) as t(subscription_id, kind, alert_id, at)
      where r.subscription_id = t.subscription_id and r.kind = t.kind and r.alert_id = t.alert_id`.execute(trx);
    return triggers.length;
  }

  /** Outcomes of triggers, from the log (in the fold's transaction) or just recorded there (null: outside one); a trigger keeps its first outcome. */
  async recordOutcomes(executor: Executor | null, deliveries: readonly PushDeliveryItem[], recordedAt: string): Promise<void> {
    if (deliveries.length === 0) return;
    await sql`
      update notifier_triggers as t
      set outcome = d.outcome, status = d.status, attempts = d.attempts, recorded_at = ${recordedAt}::timestamptz
      from unnest(
        ${deliveries.map((d) => d.triggerId)}::uuid[],
        ${deliveries.map((d) => d.outcome)}::text[],
        ${deliveries.map((d) => d.status)}::int4[],
        ${deliveries.map((d) => d.attempts)}::int4[]
      ) as d(trigger_id, outcome, status, attempts)
      where t.trigger_id = d.trigger_id and t.outcome is null`.execute(executor ?? this.db);
  }

  /** Bound Telegram chats that take breaking news, with their targets. */
  async newsTargets(trx: Transaction<DB>): Promise<({ subscription_id: string } & TargetKeys)[]> {
    return trx
      .selectFrom('notifier_subscriptions')
      .select(['subscription_id', 'endpoint', 'p256dh', 'auth', 'telegram_chat_id'])
      .where('telegram_chat_id', 'is not', null)
      .where('system_updates', '=', true)
      .orderBy('subscription_id')
      .execute();
  }

  // ── reminders ──────────────────────────────────────────────────────────────

  /** Enabled calendar rules of subscriptions that accept reminders, whose event is still active. */
  async reminderRules(trx: Transaction<DB>): Promise<ReminderRuleRow[]> {
    const rows = await trx
      .selectFrom('notifier_rules as r')
      .innerJoin('notifier_subscriptions as s', 's.subscription_id', 'r.subscription_id')
      .innerJoin('calendar_events as e', (join) => join.on(sql`e.id::text`, '=', sql.ref('r.event_id')))
      .select([
        'r.subscription_id',
        'r.alert_id',
        'r.event_id',
        'r.event_date',
        'r.start_offset_ms',
        'r.reminder_minutes',
        'r.last_triggered_at',
        'e.title',
        'e.start_date',
        'e.start_time',
        's.endpoint',
        's.p256dh',
        's.auth',
        's.telegram_chat_id',
      ])
      .where('r.kind', '=', 'calendar')
      .where('r.enabled', '=', true)
      .where('s.calendar_events', '=', true)
      .where('e.is_active', '=', true)
      .execute();
    return rows as ReminderRuleRow[];
  }

  async markReminded(trx: Transaction<DB>, rules: readonly { subscriptionId: string; alertId: string }[], at: string): Promise<void> {
    await this.updateRuleStates(
      trx,
      rules.map((rule) => ({ subscriptionId: rule.subscriptionId, kind: 'calendar', alertId: rule.alertId, armed: true, lastTriggeredAt: at })),
    );
  }

  // ── the outbox and the sender ──────────────────────────────────────────────

  /** Triggers decided but not yet in the log, whole events at a time (at most `events` of them). */
  async unappended(events: number): Promise<DecidedTrigger[]> {
    const rows = await this.db
      .selectFrom('notifier_triggers')
      .selectAll()
      .where('appended', '=', false)
      .where('event_id', 'in', (eb) =>
        eb.selectFrom('notifier_triggers').select('event_id').distinct().where('appended', '=', false).orderBy('event_id').limit(events),
      )
      .orderBy('event_id')
      .orderBy('subscription_id')
      .orderBy('alert_id')
      .execute();
    return rows.map((row) => ({
      triggerId: row.trigger_id,
      eventId: row.event_id,
      sourceId: row.source_id,
      subscriptionId: row.subscription_id,
      alertId: row.alert_id,
      kind: row.kind,
      value: row.value,
      payload: row.payload as unknown as PushPayload,
      urgency: row.urgency as DecidedTrigger['urgency'],
      expiresAt: row.expires_at.toISOString(),
      triggeredAt: row.triggered_at.toISOString(),
    }));
  }

  async markAppended(eventIds: readonly string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await this.db.updateTable('notifier_triggers').set({ appended: true }).where('event_id', 'in', [...eventIds]).where('appended', '=', false).execute();
  }

  /** Appended triggers of one channel without an outcome, oldest first, leaving out those already being sent. */
  async sendable(channel: DeliveryChannelKind, limit: number, sending: ReadonlySet<string>): Promise<SendableTrigger[]> {
    const rows = await this.db
      .selectFrom('notifier_triggers as t')
      .leftJoin('notifier_subscriptions as s', 's.subscription_id', 't.subscription_id')
      .select(['t.trigger_id', 't.subscription_id', 't.kind', 't.alert_id', 't.payload', 't.urgency', 't.expires_at', 's.endpoint', 's.p256dh', 's.auth', 's.telegram_chat_id'])
      .where('t.appended', '=', true)
      .where('t.outcome', 'is', null)
      // A trigger whose subscription is gone goes with web push, which records it pruned unsent.
      .where('s.telegram_chat_id', channel === 'telegram' ? 'is not' : 'is', null)
      .$if(sending.size > 0, (q) => q.where(sql<boolean>`not (t.trigger_id = any(${[...sending]}::uuid[]))`))
      .orderBy('t.triggered_at')
      .limit(limit)
      .execute();
    return rows as unknown as SendableTrigger[];
  }

  /** Forgets triggers whose outcome was recorded before `before` (the log keeps them). */
  async forgetDelivered(before: Date): Promise<void> {
    await this.db.deleteFrom('notifier_triggers').where('recorded_at', '<', before).execute();
  }

  /** Counts for tests and the benchmark: triggers by state. */
  async triggerCounts(): Promise<{ unappended: number; pending: number; delivered: number }> {
    const row = await this.db
      .selectFrom('notifier_triggers')
      .select([
        sql<number>`count(*) filter (where not appended)`.as('unappended'),
        sql<number>`count(*) filter (where appended and outcome is null)`.as('pending'),
        sql<number>`count(*) filter (where outcome is not null)`.as('delivered'),
      ])
      .executeTakeFirstOrThrow();
    return { unappended: Number(row.unappended), pending: Number(row.pending), delivered: Number(row.delivered) };
  }

  private async thresholdRules(
    trx: Transaction<DB>,
    kind: 'price' | 'silver',
    pair: { token: string; chain: string } | null,
  ): Promise<ThresholdRuleRow[]> {
    const rows = await trx
      .selectFrom('notifier_rules as r')
      .innerJoin('notifier_subscriptions as s', 's.subscription_id', 'r.subscription_id')
      .select(['r.subscription_id', 'r.alert_id', 'r.condition', 'r.threshold', 'r.armed', 'r.last_triggered_at', 's.endpoint', 's.p256dh', 's.auth', 's.telegram_chat_id'])
      .where('r.kind', '=', kind)
      .where('r.enabled', '=', true)
      .$if(pair !== null, (q) => q.where('r.token', '=', pair!.token).where('r.chain', '=', pair!.chain))
      .where(`s.${PREFERENCE_COLUMN[kind]}`, '=', true)
      .orderBy('r.subscription_id')
      .orderBy('r.alert_id')
      .execute();
    return rows.map((row) => ({
      subscription_id: row.subscription_id,
      kind,
      alert_id: row.alert_id,
      condition: row.condition as AlertCondition,
      threshold: row.threshold!,
      armed: row.armed,
      last_triggered_at: row.last_triggered_at,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      telegram_chat_id: row.telegram_chat_id,
    }));
  }

  /** The floating starts (read as UTC) of the given calendar events, as staff keep them now. */
  private async eventFloatingStarts(trx: Transaction<DB>, eventIds: readonly string[]): Promise<Map<string, number>> {
    if (eventIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('calendar_events')
      .select([sql<string>`id::text`.as('id'), 'start_date', 'start_time'])
      .where(sql<boolean>`id::text = any(${[...eventIds]}::text[])`)
      .execute();
    const starts = new Map<string, number>();
    for (const row of rows) {
      const ms = floatingStartAsUtc(row.start_date, row.start_time);
      if (ms !== null) starts.set(row.id, ms);
    }
    return starts;
  }
}
