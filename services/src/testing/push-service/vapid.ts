import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** RFC 8292 section 2: a VAPID token expires at most 24 hours after the request. */
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;
const MAX_VERIFIED_TOKENS = 10_000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Why a push's VAPID authorization was refused: 401 when it is missing or malformed, 403 when it is invalid. */
export class VapidRefusal extends Error {
  override readonly name = 'VapidRefusal';
  constructor(
    readonly status: 401 | 403,
    reason: string,
  ) {
    super(reason);
  }
}

export interface VapidIdentity {
  /** The JWT's `sub`. */
  readonly subject: string;
  /** The `k` the push was signed with (base64url). */
  readonly publicKey: string;
}

/**
 * The push service's check of RFC 8292 `Authorization: vapid t=<JWT>, k=<key>`: an ES256
 * signature verified with k, `aud` the push service's origin, `exp` in the future and at most
 * 24 h ahead, `sub` a mailto: or https: URL, and k the expected application server key when
 * one is given. Verified signatures and parsed keys are remembered, as a sender reuses one token
 * for many pushes; the claims are still checked on every push.
 */
export class VapidVerifier {
  private readonly keys = new Map<string, KeyObject>();
  /** `<k> <JWT>` pairs whose signature verified. */
  private readonly verifiedTokens = new Set<string>();

  verify(authorization: string | undefined, at: number, audience: string, expectedKey: string | undefined): VapidIdentity {
    if (authorization === undefined) throw new VapidRefusal(401, 'Authorization header is missing (VAPID required)');
    const scheme = /^vapid\s+(.*)$/is.exec(authorization.trim());
    if (!scheme) throw new VapidRefusal(401, 'Authorization is not the "vapid" scheme');
    const params = new Map<string, string>();
    for (const part of scheme[1].split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
    }
    const token = params.get('t');
    const publicKey = params.get('k');
    if (!token || !publicKey) throw new VapidRefusal(401, 'VAPID authorization needs both t= and k=');
    if (expectedKey !== undefined && publicKey !== expectedKey) throw new VapidRefusal(403, 'VAPID key k is not the application server key of this subscription');

    const parts = token.split('.');
    if (parts.length !== 3) throw new VapidRefusal(403, 'VAPID token is not a JWT');
    const [encodedHeader, encodedClaims, encodedSignature] = parts;
    const cacheKey = `${publicKey} ${token}`;
    if (!this.verifiedTokens.has(cacheKey)) {
      const jwtHeader = decodeJson(encodedHeader) as { alg?: unknown } | undefined;
      if (jwtHeader?.alg !== 'ES256') throw new VapidRefusal(403, 'VAPID JWT alg must be ES256');
      const key = this.key(publicKey);
      const signature = Buffer.from(encodedSignature, 'base64url');
      const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`, 'latin1');
      if (signature.length !== 64 || !verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
        throw new VapidRefusal(403, 'VAPID JWT signature does not verify with k');
      }
      if (this.verifiedTokens.size >= MAX_VERIFIED_TOKENS) this.verifiedTokens.clear();
      this.verifiedTokens.add(cacheKey);
    }
    const claims = decodeJson(encodedClaims) as { aud?: unknown; exp?: unknown; sub?: unknown } | undefined;
    if (!claims) throw new VapidRefusal(403, 'VAPID JWT claims are not JSON');
    if (claims.aud !== audience) throw new VapidRefusal(403, `VAPID JWT aud "${String(claims.aud)}" is not the push service origin ${audience}`);
    const nowS = Math.floor(at / 1000);
    if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) throw new VapidRefusal(403, 'VAPID JWT exp is missing');
    if (claims.exp <= nowS) throw new VapidRefusal(403, 'VAPID JWT has expired');
    if (claims.exp > nowS + MAX_VAPID_LIFETIME_S + 1) throw new VapidRefusal(403, 'VAPID JWT exp is more than 24 hours ahead');
    if (typeof claims.sub !== 'string' || !isContactUrl(claims.sub)) throw new VapidRefusal(403, 'VAPID JWT sub must be a mailto: or https: URL');
    return { subject: claims.sub, publicKey };
  }

  private key(publicKey: string): KeyObject {
    let key = this.keys.get(publicKey);
    if (key) return key;
    const point = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : Buffer.alloc(0);
    if (point.length !== 65 || point[0] !== 0x04) throw new VapidRefusal(403, 'VAPID key k is not an uncompressed P-256 point');
    try {
      key = createPublicKey({
        key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
        format: 'jwk',
      });
    } catch {
      throw new VapidRefusal(403, 'VAPID key k is not a P-256 point');
    }
    this.keys.set(publicKey, key);
    return key;
  }
}

function decodeJson(segment: string): unknown {
  if (!BASE64URL.test(segment)) return undefined;
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function isContactUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'mailto:' && url.pathname.includes('@')) || (url.protocol === 'https:' && url.hostname !== '');
  } catch {
    return false;
  }
}
