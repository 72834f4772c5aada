import type { DeleteResult } from 'kysely';
import type { Db } from '../../database/database.js';

/** What one prune removed. */
export interface PrunedRows {
  readonly visits: number;
  readonly events: number;
  readonly visitors: number;
}

/**
 * Deletes the raw rows (analytics_visits, analytics_events) made before `rawBefore`, and the
 * visitors last seen before `visitorsBefore` (a 'YYYY-MM-DD' day), `batch` rows per statement so no
 * statement holds the tables (or the embedded mode's one connection) for long. The daily rollups
 * are never touched: the statistics read them alone.
 */
export async function pruneAnalytics(db: Db, rawBefore: Date, visitorsBefore: string, batch: number): Promise<PrunedRows> {
  const raw = (table: 'analytics_visits' | 'analytics_events') =>
    untilDone(batch, () =>
      db
        .deleteFrom(table)
        .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('created_at', '<', rawBefore).limit(batch))
        .executeTakeFirst(),
    );
  return {
    visits: await raw('analytics_visits'),
    events: await raw('analytics_events'),
    visitors: await untilDone(batch, () =>
      db
        .deleteFrom('analytics_visitors')
        .where('visitor_id', 'in', (eb) => eb.selectFrom('analytics_visitors').select('visitor_id').where('last_seen', '<', visitorsBefore).limit(batch))
        .executeTakeFirst(),
    ),
  };
}

/** Runs a batch delete until one removes less than a full batch; the rows removed in all. */
async function untilDone(batch: number, remove: () => Promise<DeleteResult>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = Number((await remove()).numDeletedRows);
    total += removed;
    if (removed < batch) return total;
  }
}
