import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of the app: everything it loads is its own (self-hosted fonts,
 * scripts and styles; no CDN), no inline script or style at all (the charts draw on a canvas),
 * nothing may frame it, and plugins, `<base>` and form posts to other sites are off. Images may
 * also be data: or blob: URLs (photo previews). The page gets the same policy as every answer.
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

/** One year, with subdomains: what browsers' preload lists ask for. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The headers helmet sets for this configuration, worked out once by running it on a stand-in response. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Lets the app's own pages load the self-hosted fonts and assets; other sites may not embed them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers every answer carries, worked out once: the Fastify hook below sets them, and the
 * answers written before Fastify sees a request (Node's parser errors, an unknown Expect) too.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders();

/**
 * Security headers on every response, errors and 404s included: helmet's CSP as above,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `X-Frame-Options: DENY` and the rest of
 * its defaults. helmet works out the headers once; each request then hands them to Fastify in
 * one call (setting them one by one on the Node response, as the middleware does, costs about a
 * tenth of a small route's throughput). HSTS only over https (directly or through a trusted
 * proxy): sent over plain http it would be ignored at best and lock a local install out at worst.
 */
export const securityHeaders = fp(
  async (fastify: FastifyInstance) => {
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
      done();
    });
  },
  { name: 'silverboard-security-headers' },
);
