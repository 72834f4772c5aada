import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@xsd/contracts';
import type { StaffAccount } from '@xsd/contracts/api/admin-users';
import { sql } from 'kysely';
import { DatabaseRepository } from '../database-repository.js';

/** A live session and the account behind it. */
export interface SessionRow {
  readonly sessionId: string;
  readonly id: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly lastLogin: Date | null;
  readonly lastSeenAt: Date | null;
}

/** A session's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** The staff read models (admin_users, staff_sessions) and the session activity table. */
@Injectable()
export class StaffRepository extends DatabaseRepository {
  /** The account with this email (any case) and its password hash, as projected; null for no such account. */
  async credentialsByEmail(email: string): Promise<{ id: string; passwordHash: string } | null> {
    const row = await this.db
      .selectFrom('admin_users as u')
      .innerJoin('staff_credentials as c', 'c.admin_user_id', 'u.id')
      .select(['u.id', 'c.password_hash'])
      .where(sql<string>`lower(u.email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row ? { id: row.id, passwordHash: row.password_hash } : null;
  }

  async account(id: string): Promise<StaffAccount | null> {
    const row = await this.db
      .selectFrom('admin_users')
      .select(['id', 'email', 'role', 'created_at', 'last_login'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  }

  /** Newest first, as the Users tab lists them. */
  async accounts(): Promise<StaffAccount[]> {
    const rows = await this.db
      .selectFrom('admin_users')
      .select(['id', 'email', 'role', 'created_at', 'last_login'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toAccount);
  }

  /** The spec's updater for the scheduled end of maintenance. */
  async newestSuperAdminId(): Promise<string | null> {
    const row = await this.db
      .selectFrom('admin_users')
      .select('id')
      .where('role', '=', 'super_admin')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The session whose token hashes to this, if it is neither revoked nor expired at `now`. */
  async liveSession(tokenHash: string, now: Date): Promise<SessionRow | null> {
    const row = await this.db
      .selectFrom('staff_sessions as s')
      .innerJoin('admin_users as u', 'u.id', 's.admin_user_id')
      .leftJoin('staff_session_activity as a', 'a.session_id', 's.id')
      .select(['s.id as sessionId', 'u.id', 'u.email', 'u.role', 'u.last_login as lastLogin', 'a.last_seen_at as lastSeenAt'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Records a session's use, at most once a minute. */
  async touchSession(session: Pick<SessionRow, 'sessionId' | 'lastSeenAt'>, now: Date): Promise<void> {
    if (session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
    await this.db
      .insertInto('staff_session_activity')
      .values({ session_id: session.sessionId, last_seen_at: now })
      .onConflict((oc) => oc.column('session_id').doUpdateSet({ last_seen_at: now }))
      .execute();
  }
}

function toAccount(row: { id: string; email: string; role: StaffRole; created_at: Date; last_login: Date | null }): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.created_at.toISOString(),
    last_login: row.last_login?.toISOString() ?? null,
  };
}
