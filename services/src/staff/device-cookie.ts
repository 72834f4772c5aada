import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { STAFF_DEVICE_COOKIE, STAFF_DEVICE_COOKIE_PATH, STAFF_DEVICE_TTL_MS } from '@xsd/contracts/api/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './session-cookie.js';

const VERSION = 'd1';
const TOKEN = /^d1\.([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): after a
 * successful sign-in the client gets `d1.<nonce>.<issued>.<mac>`, an HMAC-SHA256 under the
 * deployment's key over the account's email (as signed in, trimmed and lower-cased), the nonce and
 * the time it was issued. Nothing is stored: any replica holding the key checks one. The nonce
 * names the device for its own failure limit; the email in the MAC keeps one account's cookie from
 * opening another's lane, and the email itself never travels in the cookie.
 */
export class DeviceCookies {
  constructor(
    private readonly key: Buffer,
    private readonly ttlMs: number = STAFF_DEVICE_TTL_MS,
  ) {}

  issue(email: string, now: Date): string {
    const nonce = randomBytes(16).toString('base64url');
    const issued = Math.floor(now.getTime() / 1000).toString(36);
    return `${VERSION}.${nonce}.${issued}.${this.mac(email, nonce, issued).toString('base64url')}`;
  }

  /**
   * The device a token names, when it was issued by this deployment for this email and has not
   * expired; null otherwise (forged, another account's, another deployment's, too old, garbled).
   * The same work whatever the email: it reads nothing but the token.
   */
  deviceOf(token: string | null | undefined, email: string, now: Date): string | null {
    const parts = token ? TOKEN.exec(token) : null;
    if (!parts) return null;
    const [, nonce, issued, mac] = parts;
    const expected = this.mac(email, nonce, issued);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const issuedMs = Number.parseInt(issued, 36) * 1000;
    return issuedMs <= now.getTime() + 60_000 && now.getTime() - issuedMs < this.ttlMs ? nonce : null;
  }

  private mac(email: string, nonce: string, issued: string): Buffer {
    return createHmac('sha256', this.key).update(`${VERSION}\n${email.trim().toLowerCase()}\n${nonce}\n${issued}`).digest();
  }
}

/** The device token of a sign-in: the CLI's body field first, else the browser's cookie. */
export function deviceTokenOf(request: FastifyRequest, fromBody: string | undefined): string | null {
  return fromBody ?? readCookie(request.headers.cookie, STAFF_DEVICE_COOKIE);
}

/**
 * HttpOnly, SameSite=Strict, Secure over https, like the session cookie; sent to the auth routes
 * only, and kept for the device's whole life, well past the session's.
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: STAFF_DEVICE_COOKIE_PATH,
    maxAge: Math.floor(STAFF_DEVICE_TTL_MS / 1000),
  });
}
