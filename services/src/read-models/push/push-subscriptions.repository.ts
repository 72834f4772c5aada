import { Injectable } from '@nestjs/common';
import type { NotificationPreferences } from '@xsd/contracts/api/alerts';
import { type Selectable, sql } from 'kysely';
import type { AlertKind } from '../../database/column-types.js';
import type { AlertRulesTable, NotificationSubscriptionsTable } from './push.tables.js';
import { DatabaseRepository } from '../database-repository.js';

export type PushSubscriptionRow = Selectable<NotificationSubscriptionsTable>;
export type AlertRuleRow = Selectable<AlertRulesTable>;

/** Where a push goes (the sender's PushTarget). */
export interface PushTargetRow {
  readonly subscriptionId: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** Reads of notification_subscriptions and alert_rules. */
@Injectable()
export class PushSubscriptionsRepository extends DatabaseRepository {
  async byId(id: string): Promise<PushSubscriptionRow | undefined> {
    return this.db.selectFrom('notification_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async rulesOf(subscriptionId: string): Promise<AlertRuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('kind')
      .orderBy('alert_id')
      .execute();
  }

  /** Broadcasts (API-key sender, breaking news) go to the subscriptions with systemUpdates on. */
  async systemUpdateTargets(): Promise<PushTargetRow[]> {
    return this.db
      .selectFrom('notification_subscriptions')
      .select(['id as subscriptionId', 'endpoint', 'p256dh', 'auth'])
      .where('system_updates', '=', true)
      .orderBy('id')
      .execute();
  }

  /** Subscriptions in all, and how many have each preference on. */
  async preferenceCounts(): Promise<{ total: number } & Record<keyof NotificationPreferences, number>> {
    const row = await this.db
      .selectFrom('notification_subscriptions')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) filter (where price_alerts)::int`.as('priceAlerts'),
        sql<number>`count(*) filter (where silver_alerts)::int`.as('silverAlerts'),
        sql<number>`count(*) filter (where calendar_events)::int`.as('calendarEvents'),
        sql<number>`count(*) filter (where system_updates)::int`.as('systemUpdates'),
      ])
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Enabled rules per kind. */
  async enabledRuleCounts(): Promise<Record<AlertKind, number>> {
    const rows = await this.db
      .selectFrom('alert_rules')
      .select(['kind', sql<number>`count(*)::int`.as('n')])
      .where('enabled', '=', true)
      .groupBy('kind')
      .execute();
    const counts: Record<AlertKind, number> = { price: 0, silver: 0, calendar: 0 };
    for (const row of rows) counts[row.kind] = row.n;
    return counts;
  }
}
