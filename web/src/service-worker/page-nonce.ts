/**
 * The page's style nonce, renewed for each load served from the cache. The server puts a fresh
 * nonce in the Content-Security-Policy header and the `csp-nonce` meta tag of every index.html
 * (services/src/api/web-app.ts); the copy the worker precached would otherwise repeat one nonce
 * on every visit, which defeats it. The worker swaps in a new one in both places.
 */
const META = /<meta name="csp-nonce" content="[^"]*">/;
const POLICY_NONCE = /'nonce-[^']*'/g;

export interface NoncedPage {
  readonly html: string;
  readonly policy: string | null;
}

export function withStyleNonce(html: string, policy: string | null, nonce: string): NoncedPage {
  return {
    html: html.replace(META, `<meta name="csp-nonce" content="${nonce}">`),
    policy: policy === null ? null : policy.replace(POLICY_NONCE, `'nonce-${nonce}'`),
  };
}

/** 16 random bytes, base64url: what the server uses. */
export function newNonce(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
