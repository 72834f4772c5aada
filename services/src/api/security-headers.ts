import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of the app: everything it loads is its own (self-hosted fonts,
 * scripts and styles; no CDN), nothing may frame it, and plugins, `<base>` and form posts to
 * other sites are off. Images may also be data: or blob: URLs (charts, photo previews).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * The policy of the app's page: as above, plus a nonce for the `<style>` elements the chart
 * library adds (it takes the nonce from the page's `csp-nonce` meta tag), so no inline style
 * needs 'unsafe-inline'. A new nonce for every page load.
 */
export function pagePolicy(styleNonce: string): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) => [name, ...sources, ...(name === 'style-src' ? [`'nonce-${styleNonce}'`] : [])].join(' '))
    .join(';');
}

/** One year, with subdomains: what browsers' preload lists ask for. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response, errors and 404s included: helmet's CSP as above,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `X-Frame-Options: DENY` and the rest of
 * its defaults. The middleware is made once (building it parses the policy; @fastify/helmet
 * builds it again for every request) and run on the raw response in the first hook. HSTS only
 * over https (directly or through a trusted proxy): sent over plain http it would be ignored at
 * best and lock a local install out at worst.
 */
export const securityHeaders = fp(
  async (fastify: FastifyInstance) => {
    const headers = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      // Lets the app's own pages load the self-hosted fonts and assets; other sites may not embed them.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    fastify.addHook('onRequest', (request, reply, done) => {
      headers(request.raw, reply.raw, (error?: unknown) => {
        if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
        done(error instanceof Error ? error : undefined);
      });
    });
  },
  { name: 'silverboard-security-headers' },
);
