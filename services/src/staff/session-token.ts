import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, prefixed so a leaked token is recognisable (secret scanners, logs). */
export function newSessionToken(): string {
  return `xsd_${randomBytes(32).toString('base64url')}`;
}

/**
 * What the server keeps of a token: its SHA-256 (hex). The token is random and long, so a fast
 * hash is enough; only the holder of the token can present it.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
