import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The public read API that other sites may call from a browser: the versioned price API, the
 * price and silver routes and the live stream. Staff, auth and every write route answer no
 * origin but their own.
 */
const PUBLIC_READ_PATHS = /^\/api\/(v1|prices|silver|stream)(\/|\?|$)/;

export function isPublicReadPath(url: string): boolean {
  return PUBLIC_READ_PATHS.test(url);
}

/** `Access-Control-Allow-Origin: *` (no credentials) on the public read API, GET and HEAD only. */
export const publicCors = fp(
  async (fastify: FastifyInstance) => {
    await fastify.register(fastifyCors, {
      hook: 'onRequest',
      delegator: (request: FastifyRequest, callback) => {
        if (isPublicReadPath(request.url)) {
          callback(null, { origin: '*', methods: ['GET', 'HEAD'], credentials: false, maxAge: 86_400 });
        } else {
          callback(null, { origin: false });
        }
      },
    });
  },
  { name: 'silverboard-public-cors' },
);
