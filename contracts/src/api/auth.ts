/**
 * Staff sign-in (`/api/auth/...`). A session is one random token: the browser keeps it in the
 * HttpOnly cookie {@link STAFF_SESSION_COOKIE}, the CLI sends it as `Authorization: Bearer <token>`.
 * Request schemas are zod; each one's first issue is the message the API answers with (400).
 */
import { z } from 'zod';
import type { StaffRole } from '../staff/roles.js';

export const STAFF_SESSION_COOKIE = 'xsd_session';
/**
 * The device cookie (OWASP's "device cookies"): set after every successful sign-in, signed by the
 * server, naming the account it was for. A sign-in that brings a valid one for the same account
 * has a lane of its own, which a flood of sign-ins from elsewhere cannot fill. The browser keeps it
 * HttpOnly on the auth path; the CLI sends it as `device_token` in the request body.
 */
export const STAFF_DEVICE_COOKIE = 'xsd_device';
export const STAFF_DEVICE_COOKIE_PATH = '/api/auth';
/** A device stays known this long after its latest sign-in. */
export const STAFF_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, or earlier by sign-out or a password change. */
export const STAFF_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';
/**
 * 429 (`too_many_login_attempts`) after five failed sign-ins for one email from one client within
 * 15 minutes, or twenty from one client whatever the emails.
 */
export const TOO_MANY_LOGIN_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
/** 429 (`too_many_password_attempts`) after five wrong current passwords for one account within 15 minutes. */
export const TOO_MANY_PASSWORD_ATTEMPTS_MESSAGE = 'Too many wrong current passwords. Please wait 15 minutes and try again.';
/** 429 (`sign_in_busy`) while the whole site gets more password checks than it takes, whoever sends them. */
export const SIGN_IN_BUSY_MESSAGE = 'Too many sign-in attempts on the site right now. Please try again in a few seconds.';
export const LOGIN_FIELDS_REQUIRED_MESSAGE = 'Email and password are required';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long';
export const NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE = 'New passwords do not match';
export const PASSWORD_FIELDS_REQUIRED_MESSAGE = 'Current password, new password and confirmation are all required';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Current password is incorrect';
export const PASSWORD_UPDATED_MESSAGE = 'Password updated successfully!';
/** 401 when no token was sent. */
export const NOT_SIGNED_IN_MESSAGE = 'Please sign in first.';
/** 401 when a token was sent but is unknown, expired or revoked. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

const required = (message: string) => z.string({ error: message }).min(1, message);

export const LoginRequestSchema = z.object(
  {
    email: required(LOGIN_FIELDS_REQUIRED_MESSAGE).trim().min(1, LOGIN_FIELDS_REQUIRED_MESSAGE),
    password: required(LOGIN_FIELDS_REQUIRED_MESSAGE),
    /** How the client keeps the token, for the session list: 'bearer' for the CLI. Default 'cookie'. */
    kind: z.enum(['cookie', 'bearer'], { error: "kind must be 'cookie' or 'bearer'" }).optional(),
    /** The CLI's device token from an earlier sign-in (the browser sends the device cookie instead). */
    device_token: z.string({ error: 'device_token must be a string' }).max(256, 'device_token is too long').optional(),
  },
  { error: LOGIN_FIELDS_REQUIRED_MESSAGE },
);

export const ChangePasswordRequestSchema = z
  .object(
    {
      currentPassword: required(PASSWORD_FIELDS_REQUIRED_MESSAGE),
      newPassword: required(PASSWORD_FIELDS_REQUIRED_MESSAGE),
      confirmPassword: required(PASSWORD_FIELDS_REQUIRED_MESSAGE),
    },
    { error: PASSWORD_FIELDS_REQUIRED_MESSAGE },
  )
  .check((ctx) => {
    const { newPassword, confirmPassword } = ctx.value;
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      ctx.issues.push({ code: 'custom', message: PASSWORD_TOO_SHORT_MESSAGE, input: newPassword, path: ['newPassword'] });
    } else if (newPassword !== confirmPassword) {
      ctx.issues.push({ code: 'custom', message: NEW_PASSWORDS_DO_NOT_MATCH_MESSAGE, input: confirmPassword, path: ['confirmPassword'] });
    }
  });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequestSchema>;

export interface StaffIdentity {
  readonly id: string;
  readonly email: string;
  readonly role: StaffRole;
}

/** `POST /api/auth/login` (200); the same token is also set as the session cookie. */
export interface LoginResponse {
  readonly token: string;
  readonly user: StaffIdentity;
  /** ISO 8601 instant the session ends. */
  readonly expires_at: string;
  /** For `kind: 'bearer'` only: the device token to send with the next sign-in (the browser gets the cookie). */
  readonly device_token?: string;
}

/** `GET /api/auth/me` (200, 401 without a session). */
export interface MeResponse {
  readonly user: StaffIdentity & {
    /** ISO 8601 instant of this account's latest sign-in. */
    readonly last_login: string | null;
  };
}

/** `POST /api/auth/logout` (200): `signed_out` is false when there was no live session to end. */
export interface LogoutResponse {
  readonly signed_out: boolean;
}

/** `POST /api/auth/password` (200). */
export interface ChangePasswordResponse {
  readonly message: typeof PASSWORD_UPDATED_MESSAGE;
}
