import { z } from 'zod';
import { STAFF_ROLES } from '../staff/roles.js';

/**
 * Staff accounts and their sessions. Secrets never travel here: a password only as its argon2id
 * hash (PHC string), a session token only as the SHA-256 of it.
 */

const id = z.uuid();
const instant = z.iso.datetime({ offset: true });
const role = z.enum(STAFF_ROLES);

export const ARGON2ID_HASH = /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const passwordHash = z.string().regex(ARGON2ID_HASH, 'must be an argon2id hash, never a password');
const tokenHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be the hex SHA-256 of the token, never the token');

/** Lower-cased; unique among the accounts that exist. */
export const StaffEmail = z.email().max(254).toLowerCase();

export const StaffAccountCreatedData = z.object({
  accountId: id,
  email: StaffEmail,
  role,
  passwordHash,
});

export const StaffRoleChangedData = z.object({
  accountId: id,
  role,
  previousRole: role,
});

export const StaffAccountDeletedData = z.object({
  accountId: id,
  email: StaffEmail,
});

export const SESSION_KINDS = ['cookie', 'bearer'] as const;

/** A session began; its token was handed to the client only. */
export const StaffSignedInData = z.object({
  accountId: id,
  sessionId: id,
  tokenHash,
  kind: z.enum(SESSION_KINDS),
  expiresAt: instant,
});

export const StaffSignedOutData = z.object({
  accountId: id,
  sessionId: id,
});

/** Every other session of the account ends with it; `keptSessionId` (the one that changed it) stays. */
export const StaffPasswordChangedData = z.object({
  accountId: id,
  passwordHash,
  keptSessionId: id.nullable(),
});

/**
 * A password reset link was issued (by mail, or to a super admin): only the SHA-256 of its token is
 * kept. `by` is who asked: 'self' from the login page, 'super_admin' from the Passwords tab or CLI.
 */
export const StaffPasswordResetRequestedData = z.object({
  accountId: id,
  tokenHash,
  expiresAt: instant,
  by: z.enum(['self', 'super_admin']),
});

/** The password was set through a reset link (`tokenHash`, now used): every session of the account ends. */
export const StaffPasswordResetData = z.object({
  accountId: id,
  tokenHash,
  passwordHash,
});
