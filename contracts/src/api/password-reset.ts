/**
 * Staff password recovery. With mail set up (XSD_SMTP_URL, XSD_MAIL_FROM) anyone may ask for a
 * reset link by email (`POST /api/auth/password-reset`), answered the same whether or not the email
 * is a staff account's; a super admin may send one (`POST /api/admin/users/password-reset`), which
 * without mail answers the link itself for the super admin to hand over (`xsd users reset-link`).
 * A link is `<public origin>/admin?reset=<token>`: it works once, within 30 minutes.
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from './auth.js';
import { EMAIL_REQUIRED_MESSAGE, StaffEmailField } from './admin-users.js';

export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
/** The query parameter of the reset link on /admin. */
export const RESET_LINK_PARAMETER = 'reset';

export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If that email belongs to a staff account, a password reset link is on its way. It works once, within 30 minutes.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. Please sign in with your new password.';
/** 404 (`password_reset_unavailable`) from `POST /api/auth/password-reset` when no mail is set up. */
export const PASSWORD_RESET_UNAVAILABLE_MESSAGE = 'Password reset by email is not set up on this site. Please ask a super admin for a reset link.';
/** 429 (`too_many_reset_requests`). */
export const TOO_MANY_RESET_REQUESTS_MESSAGE = 'Too many password reset requests. Please wait 15 minutes and try again.';
/** 400 (`reset_link_invalid`, `reset_link_expired`, `reset_link_used`). */
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is not valid. Please request a new one.';
export const RESET_LINK_EXPIRED_MESSAGE = 'This password reset link has expired. Please request a new one.';
export const RESET_LINK_USED_MESSAGE = 'This password reset link has already been used. Please request a new one.';
/** 429 (`too_many_reset_attempts`) after ten links that do not work from one client within 15 minutes. */
export const TOO_MANY_RESET_ATTEMPTS_MESSAGE = 'Too many password reset attempts. Please wait 15 minutes and try again.';
/** The Passwords tab's answer once a super admin's link went out by mail. */
export const RESET_LINK_SENT_MESSAGE = 'Password reset link sent.';

/** `POST /api/auth/password-reset` and `POST /api/admin/users/password-reset`. */
export const PasswordResetRequestSchema = z.object({ email: StaffEmailField }, { error: EMAIL_REQUIRED_MESSAGE });

/** `GET /api/auth/password-reset` (200): whether the login page offers 'Forgot Password'. */
export interface PasswordResetAvailability {
  readonly by_email: boolean;
}

/** `POST /api/auth/password-reset` (202): the same body for every email. */
export interface PasswordResetRequestedResponse {
  readonly message: typeof PASSWORD_RESET_REQUESTED_MESSAGE;
}

export const PasswordResetConfirmSchema = z.object(
  {
    token: z.string({ error: RESET_LINK_INVALID_MESSAGE }).min(1, RESET_LINK_INVALID_MESSAGE).max(200, RESET_LINK_INVALID_MESSAGE),
    password: z.string({ error: PASSWORD_TOO_SHORT_MESSAGE }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE),
  },
  { error: RESET_LINK_INVALID_MESSAGE },
);
export type PasswordResetConfirm = z.output<typeof PasswordResetConfirmSchema>;

/** `POST /api/auth/password-reset/confirm` (200): every session of the account has ended. */
export interface PasswordResetDoneResponse {
  readonly message: typeof PASSWORD_RESET_DONE_MESSAGE;
}

/**
 * `POST /api/admin/users/password-reset` (200): with mail, the link went to the account's email and
 * `link` is null; without mail, `link` is the one-time link for the super admin to hand over.
 */
export interface AdminPasswordResetResponse {
  readonly sent_to: string | null;
  readonly link: string | null;
  readonly expires_at: string;
}
