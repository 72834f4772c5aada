import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The public read API that other sites may call from a browser: the versioned price API, the
 * price and silver routes and the live stream. Staff, auth and every write route answer no
 * origin but their own (they send no CORS header at all).
 */
const PUBLIC_READ_PATHS = ['/api/v1', '/api/prices', '/api/silver', '/api/stream'] as const;
const PUBLIC_READ_PATH = /^\/api\/(v1|prices|silver|stream)(\/|\?|$)/;

export function isPublicReadPath(url: string): boolean {
  return PUBLIC_READ_PATH.test(url);
}

/** Request headers a page may send to the public API: only those it can use on a read. */
const ALLOWED_REQUEST_HEADERS = 'accept, cache-control, if-none-match, last-event-id';
const PREFLIGHT_MAX_AGE_S = '86400';

/**
 * `Access-Control-Allow-Origin: *` (never with credentials) on the public read API, GET and HEAD
 * only, and its preflight. Written here rather than with @fastify/cors: that plugin's per-request
 * options (needed to answer some paths and not others) cost about a fifth of the throughput of
 * every route, and the policy is one header and one preflight answer. The header is sent whether
 * or not the request carries an Origin: the answer is then the same for every client, so a shared
 * cache may keep one copy for all (nothing varies on Origin).
 */
export const publicCors = fp(
  async (fastify: FastifyInstance) => {
    fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (isPublicReadPath(request.url)) reply.header('access-control-allow-origin', '*');
      done();
    });
    const preflight = (_request: FastifyRequest, reply: FastifyReply) => {
      reply
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, HEAD')
        .header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE_S)
        .header('vary', 'Access-Control-Request-Headers');
      return reply.code(204).send();
    };
    for (const path of PUBLIC_READ_PATHS) {
      fastify.options(path, preflight);
      fastify.options(`${path}/*`, preflight);
    }
  },
  { name: 'silverboard-public-cors' },
);
