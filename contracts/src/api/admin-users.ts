/**
 * `/api/admin/users` (permission `users`, super admins only): the Users tab. Staff accounts are
 * created with a generated password shown once; only the role changes afterwards.
 */
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../staff/roles.js';

export const GENERATED_PASSWORD_LENGTH = 12;
export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address';
export const INVALID_ROLE_MESSAGE = `Role must be one of ${STAFF_ROLES.join(', ')}`;

const role = z.enum(STAFF_ROLES, { error: INVALID_ROLE_MESSAGE });

export interface StaffAccount {
  readonly id: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly created_at: string;
  readonly last_login: string | null;
}

/** `GET /api/admin/users`: newest first. */
export interface StaffAccountsResponse {
  readonly items: readonly StaffAccount[];
}

/** A staff account's email as a form sends it: required, trimmed, a valid address. */
export const StaffEmailField = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }).max(254, INVALID_EMAIL_MESSAGE));

export const CreateStaffAccountRequestSchema = z.object({
  email: StaffEmailField,
  role,
});

/** `POST /api/admin/users` (201): `password` is the generated one, shown this once. */
export interface CreateStaffAccountResponse {
  readonly user: StaffAccount;
  readonly password: string;
}

export const ChangeStaffRoleRequestSchema = z.object({ role });

/** `PATCH /api/admin/users/:id` (200). */
export interface StaffAccountResponse {
  readonly user: StaffAccount;
}

/** `DELETE /api/admin/users/:id` (200). */
export interface DeleteStaffAccountResponse {
  readonly deleted: string;
}
