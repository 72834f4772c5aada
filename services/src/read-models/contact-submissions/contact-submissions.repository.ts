import { Injectable } from '@nestjs/common';
import { type ContactSubject, type ContactSubmission, contactPhotoPath } from '@xsd/contracts/api/contact';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { ContactSubmissionsTable } from './contact-submissions.table.js';
import { DatabaseRepository } from '../database-repository.js';

export type ContactSubmissionRow = Selectable<ContactSubmissionsTable>;

/** A submission as the Contact Submissions tab shows it (the photo as its route, never its storage key). */
export function toContactSubmission(row: ContactSubmissionRow): ContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    // Rows come from contact.submitted, whose subject is one of the six.
    subject: row.subject as ContactSubject,
    message: row.message,
    photo_url: row.photo_url ? contactPhotoPath(row.id) : null,
    status: row.status,
    created_at: row.created_at.toISOString(),
    admin_reply: row.admin_reply,
    replied_at: row.replied_at?.toISOString() ?? null,
    replied_by: row.replied_by,
  };
}

/** Reads of contact_submissions. */
@Injectable()
export class ContactSubmissionsRepository extends DatabaseRepository {
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
