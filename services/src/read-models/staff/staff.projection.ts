import type { Transaction } from 'kysely';
import type { DB } from '../../database/schema.js';
import { defineProjection, type StoredEventOf } from '../../projector/projection.js';

type StaffEventType =
  | 'staff.account-created'
  | 'staff.role-changed'
  | 'staff.account-deleted'
  | 'staff.signed-in'
  | 'staff.signed-out'
  | 'staff.password-changed'
  | 'staff.password-reset';

async function applyOne(trx: Transaction<DB>, { event }: StoredEventOf<StaffEventType>): Promise<void> {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'staff.account-created': {
      const { accountId, email, role, passwordHash } = event.data;
      // `do nothing` on any unique clash: the directory's rules keep emails unique, and an event
      // that broke them anyway must not jam the projection.
      const inserted = await trx
        .insertInto('admin_users')
        .values({ id: accountId, email, role, created_at: at, last_login: null })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      await trx
        .insertInto('staff_credentials')
        .values({ admin_user_id: accountId, password_hash: passwordHash, updated_at: at })
        .execute();
      return;
    }
    case 'staff.role-changed':
      await trx.updateTable('admin_users').set({ role: event.data.role }).where('id', '=', event.data.accountId).execute();
      return;
    case 'staff.account-deleted':
      // Credentials and sessions go with the account (foreign keys cascade).
      await trx.deleteFrom('admin_users').where('id', '=', event.data.accountId).execute();
      return;
    case 'staff.signed-in': {
      const { accountId, sessionId, tokenHash, kind, expiresAt } = event.data;
      // A sign-in that raced the account's deletion opens nothing.
      const account = await trx
        .updateTable('admin_users')
        .set({ last_login: at })
        .where('id', '=', accountId)
        .returning('id')
        .executeTakeFirst();
      if (!account) return;
      await trx
        .insertInto('staff_sessions')
        .values({ id: sessionId, admin_user_id: accountId, token_hash: tokenHash, kind, created_at: at, expires_at: expiresAt, revoked_at: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'staff.signed-out':
      await trx
        .updateTable('staff_sessions')
        .set({ revoked_at: at })
        .where('id', '=', event.data.sessionId)
        .where('admin_user_id', '=', event.data.accountId)
        .where('revoked_at', 'is', null)
        .execute();
      return;
    case 'staff.password-changed': {
      const { accountId, passwordHash, keptSessionId } = event.data;
      await trx
        .updateTable('staff_credentials')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('admin_user_id', '=', accountId)
        .execute();
      let others = trx
        .updateTable('staff_sessions')
        .set({ revoked_at: at })
        .where('admin_user_id', '=', accountId)
        .where('revoked_at', 'is', null);
      if (keptSessionId !== null) others = others.where('id', '<>', keptSessionId);
      await others.execute();
      return;
    }
    case 'staff.password-reset': {
      const { accountId, passwordHash } = event.data;
      await trx
        .updateTable('staff_credentials')
        .set({ password_hash: passwordHash, updated_at: at })
        .where('admin_user_id', '=', accountId)
        .execute();
      await trx.updateTable('staff_sessions').set({ revoked_at: at }).where('admin_user_id', '=', accountId).where('revoked_at', 'is', null).execute();
      return;
    }
  }
}

/**
 * admin_users, staff_credentials and staff_sessions, from the staff events alone: every timestamp
 * is the event's, so a rebuild gives the same rows (and restores every password and live session).
 */
export const staffProjection = defineProjection<StaffEventType>({
  name: 'staff',
  handles: [
    'staff.account-created',
    'staff.role-changed',
    'staff.account-deleted',
    'staff.signed-in',
    'staff.signed-out',
    'staff.password-changed',
    'staff.password-reset',
  ],
  // Children first: emptied in this order before a rebuild.
  tables: ['staff_sessions', 'staff_credentials', 'admin_users'],
  async apply(trx, events) {
    for (const stored of events) await applyOne(trx, stored);
  },
});
