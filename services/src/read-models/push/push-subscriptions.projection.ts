import type { AlertLists } from '@xsd/contracts/api/alerts';
import { sql, type Transaction } from 'kysely';
import type { JsonObject } from '../../database/column-types.js';
import type { DB } from '../../database/schema.js';
import type { AlertKind } from '../../database/column-types.js';
import { defineProjection } from '../../projector/projection.js';

interface RuleRow {
  readonly kind: AlertKind;
  readonly alert_id: string;
  readonly params: JsonObject;
  readonly enabled: boolean;
  readonly last_triggered_at: string | null;
}

const instant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The browser's three lists as rule rows; an id repeated within a kind keeps its last alert. */
export function alertRuleRows(alerts: AlertLists): RuleRow[] {
  const rows = new Map<string, RuleRow>();
  const add = (row: RuleRow) => rows.set(`${row.kind}\u0000${row.alert_id}`, row);
  for (const { id, enabled, lastTriggered, ...params } of alerts.token) {
    add({ kind: 'price', alert_id: id, params, enabled, last_triggered_at: instant(lastTriggered) });
  }
  for (const { id, enabled, lastTriggered, ...params } of alerts.silver) {
    add({ kind: 'silver', alert_id: id, params, enabled, last_triggered_at: instant(lastTriggered) });
  }
  for (const { id, enabled, lastTriggered, ...params } of alerts.calendar) {
    add({ kind: 'calendar', alert_id: id, params, enabled, last_triggered_at: instant(lastTriggered) });
  }
  return [...rows.values()];
}

/** A save replaces the subscription's rules, but a rule that stays keeps its row and its last firing. */
async function replaceRules(trx: Transaction<DB>, subscriptionId: string, rules: readonly RuleRow[], at: string): Promise<void> {
  await trx
    .deleteFrom('alert_rules')
    .where('subscription_id', '=', subscriptionId)
    .$if(rules.length > 0, (q) =>
      q.where(({ not, or, and, eb }) =>
        not(or(rules.map((rule) => and([eb('kind', '=', rule.kind), eb('alert_id', '=', rule.alert_id)])))),
      ),
    )
    .execute();
  if (rules.length === 0) return;
  await trx
    .insertInto('alert_rules')
    .values(
      rules.map((rule) => ({
        subscription_id: subscriptionId,
        kind: rule.kind,
        alert_id: rule.alert_id,
        params: JSON.stringify(rule.params),
        enabled: rule.enabled,
        last_triggered_at: rule.last_triggered_at,
        created_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['subscription_id', 'kind', 'alert_id']).doUpdateSet((eb) => ({
        params: eb.ref('excluded.params'),
        enabled: eb.ref('excluded.enabled'),
        // The later of the server's last firing and the browser's (greatest skips nulls).
        last_triggered_at: sql<Date | null>`greatest(alert_rules.last_triggered_at, excluded.last_triggered_at)`,
      })),
    )
    .execute();
}

/**
 * notification_subscriptions and alert_rules from the subscription events, and each rule's last
 * firing from the notifier's `push.alerts-triggered`. Times come from the events, so a rebuild
 * gives the same rows.
 */
export const pushSubscriptionsProjection = defineProjection({
  name: 'push_subscriptions',
  handles: ['push.subscription-saved', 'push.subscription-removed', 'push.alerts-triggered'],
  tables: ['notification_subscriptions', 'alert_rules'],
  async apply(trx, events) {
    for (const { event } of events) {
      switch (event.type) {
        case 'push.subscription-saved': {
          const { subscriptionId, endpoint, p256dh, auth, preferences, alerts } = event.data;
          const fields = {
            endpoint,
            p256dh,
            auth,
            price_alerts: preferences.priceAlerts,
            silver_alerts: preferences.silverAlerts,
            calendar_events: preferences.calendarEvents,
            system_updates: preferences.systemUpdates,
            updated_at: event.occurredAt,
          };
          await trx
            .insertInto('notification_subscriptions')
            .values({ id: subscriptionId, ...fields, created_at: event.occurredAt })
            .onConflict((oc) => oc.column('id').doUpdateSet(fields))
            .execute();
          await replaceRules(trx, subscriptionId, alertRuleRows(alerts), event.occurredAt);
          break;
        }
        case 'push.subscription-removed':
          await trx.deleteFrom('alert_rules').where('subscription_id', '=', event.data.subscriptionId).execute();
          await trx.deleteFrom('notification_subscriptions').where('id', '=', event.data.subscriptionId).execute();
          break;
        case 'push.alerts-triggered': {
          // One statement per batch (up to 500 triggers), not one per trigger.
          const fired = event.data.triggers.map((t) => sql`(${t.subscriptionId}::uuid, ${t.kind}::text, ${t.alertId}::text)`);
          await sql`
            update alert_rules
            set last_triggered_at = greatest(alert_rules.last_triggered_at, ${event.occurredAt}::timestamptz)
            from (values ${sql.join(fired)}) as fired (subscription_id, kind, alert_id)
            where alert_rules.subscription_id = fired.subscription_id
              and alert_rules.kind = fired.kind
              and alert_rules.alert_id = fired.alert_id`.execute(trx);
          break;
        }
      }
    }
  },
});
