import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@xsd/contracts';
import { NEWS_URGENT_PRIORITY } from '@xsd/contracts/api/news';
import { sql } from 'kysely';
import { DatabaseRepository } from '../database-repository.js';

const count = (expression: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${expression})::int`;

/** The Overview tab's counts, one query per table. */
@Injectable()
export class OverviewRepository extends DatabaseRepository {
  /** `active`: switched on and not expired at `now` (what the banner shows). */
  async news(now: Date): Promise<{ total: number; active: number; high_priority: number }> {
    return this.db
      .selectFrom('breaking_news')
      .select([
        sql<number>`count(*)::int`.as('total'),
        count(sql`is_active and (expires_at is null or expires_at > ${now})`).as('active'),
        count(sql`priority >= ${NEWS_URGENT_PRIORITY}`).as('high_priority'),
      ])
      .executeTakeFirstOrThrow();
  }

  /** `today`: 'YYYY-MM-DD'; upcoming events are active ones starting then or later. */
  async calendarEvents(today: string): Promise<{ total: number; active: number; upcoming: number }> {
    return this.db
      .selectFrom('calendar_events')
      .select([
        sql<number>`count(*)::int`.as('total'),
        count(sql`is_active`).as('active'),
        count(sql`is_active and start_date >= ${today}::date`).as('upcoming'),
      ])
      .executeTakeFirstOrThrow();
  }

  async staffByRole(): Promise<{ role: StaffRole; n: number }[]> {
    return this.db
      .selectFrom('admin_users')
      .select(['role', sql<number>`count(*)::int`.as('n')])
      .groupBy('role')
      .execute() as Promise<{ role: StaffRole; n: number }[]>;
  }

  async apiKeys(now: Date): Promise<{ total: number; expired: number }> {
    return this.db
      .selectFrom('api_keys')
      .select([sql<number>`count(*)::int`.as('total'), count(sql`expires_at is not null and expires_at <= ${now}`).as('expired')])
      .executeTakeFirstOrThrow();
  }

  async contactSubmissions(): Promise<{ total: number; new: number }> {
    return this.db
      .selectFrom('contact_submissions')
      .select([sql<number>`count(*)::int`.as('total'), count(sql`status = 'new'`).as('new')])
      .executeTakeFirstOrThrow();
  }
}
