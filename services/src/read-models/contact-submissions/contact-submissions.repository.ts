import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../../database/database.js';
import type { ContactSubmissionsTable } from './contact-submissions.table.js';

export type ContactSubmissionRow = Selectable<ContactSubmissionsTable>;

/** Reads of contact_submissions. */
@Injectable()
export class ContactSubmissionsRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  /** The Contact Submissions tab: every submission, newest first. */
  async all(): Promise<ContactSubmissionRow[]> {
    return this.db.selectFrom('contact_submissions').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async byId(id: string): Promise<ContactSubmissionRow | undefined> {
    return this.db.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The header bell's count (the partial index on status new serves it). */
  async countNew(): Promise<number> {
    const row = await this.db
      .selectFrom('contact_submissions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
