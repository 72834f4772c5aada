import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { PushDeliveryOutcome } from './push.tables.js';
import { DatabaseRepository } from '../database-repository.js';

/** Reads of push_deliveries. */
@Injectable()
export class PushDeliveriesRepository extends DatabaseRepository {
  /** Deliveries recorded at or after `since`, per outcome. */
  async countsSince(since: Date): Promise<Record<PushDeliveryOutcome, number>> {
    const rows = await this.db
      .selectFrom('push_deliveries')
      .select(['outcome', sql<number>`count(*)::int`.as('n')])
      .where('recorded_at', '>=', since)
      .groupBy('outcome')
      .execute();
    const counts: Record<PushDeliveryOutcome, number> = { sent: 0, failed: 0, pruned: 0 };
    for (const row of rows) counts[row.outcome] = row.n;
    return counts;
  }
}
