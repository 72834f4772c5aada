import { STAFF_SESSION_COOKIE } from '@xsd/contracts/api/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session token of a request: `Authorization: Bearer …` (the CLI) first, else the cookie. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  return readCookie(request.headers.cookie, STAFF_SESSION_COOKIE);
}

/** One cookie of a Cookie header, URL-decoded when it can be. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * HttpOnly, SameSite=Strict (the staff panel is never entered through another site's link with
 * its session), Secure when the request came over https (directly or via a trusted proxy).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  reply.setCookie(STAFF_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/' });
}
