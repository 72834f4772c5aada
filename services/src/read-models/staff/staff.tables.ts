import type { Timestamp, TimestampDefault, UuidDefault } from '../../database/column-types.js';

export type StaffRole = 'super_admin' | 'admin' | 'calendar_access';
export type SessionKind = 'cookie' | 'bearer';

/** Staff accounts. Projected from the staff events, as are the credentials and sessions below. */
export interface AdminUsersTable {
  /** The staff account id. */
  id: string;
  /** Unique without regard to case. */
  email: string;
  role: StaffRole;
  created_at: TimestampDefault;
  last_login: Timestamp | null;
}

/** One argon2id hash per staff account; removed with the account. Projected from the staff events. */
export interface StaffCredentialsTable {
  admin_user_id: string;
  password_hash: string;
  updated_at: TimestampDefault;
}

/**
 * Revocable staff sessions; only the SHA-256 of the token is kept. Removed with the account.
 * Projected from staff.signed-in / signed-out / password-changed.
 */
export interface StaffSessionsTable {
  id: UuidDefault;
  admin_user_id: string;
  token_hash: string;
  kind: SessionKind;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** When each session was last used: written by the auth service (not an event), kept over rebuilds. */
export interface StaffSessionActivityTable {
  session_id: string;
  last_seen_at: Timestamp;
}
