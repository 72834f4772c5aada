import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ActivityLogTable } from './activity.table.js';
import { DatabaseRepository } from '../database-repository.js';

export type ActivityRow = Selectable<ActivityLogTable>;

export interface ActivityFilter {
  /** A staff email (any case), a staff or key id, or 'system' for every system part. */
  readonly actor?: string;
  /** An action ('news.created') or its family ('news'). */
  readonly action?: string;
  readonly since?: string;
  readonly until?: string;
  /** Entries older than this sequence. */
  readonly before?: number;
  readonly limit: number;
}

/** Reads of activity_log, newest first. */
@Injectable()
export class ActivityRepository extends DatabaseRepository {
  async list(filter: ActivityFilter): Promise<ActivityRow[]> {
    let query = this.db.selectFrom('activity_log').selectAll();
    const { actor, action } = filter;
    if (actor !== undefined) {
      query =
        actor.toLowerCase() === 'system'
          ? query.where('actor_kind', '=', 'system')
          : query.where((eb) => eb.or([eb('actor_id', '=', actor), eb(sql`lower(actor_email)`, '=', actor.toLowerCase())]));
    }
    if (action !== undefined) {
      // A family matches its actions: 'news' → 'news.created', 'news.updated', …
      const family = `${action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
      query = query.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', family)]));
    }
    if (filter.since !== undefined) query = query.where('occurred_at', '>=', new Date(filter.since));
    if (filter.until !== undefined) query = query.where('occurred_at', '<', new Date(filter.until));
    if (filter.before !== undefined) query = query.where('sequence', '<', filter.before as never);
    return query.orderBy('sequence', 'desc').limit(filter.limit).execute();
  }
}
