import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './cached-json.js';
import { replyCached } from './reply-cached.js';

/**
 * A public GET without parameters whose answer is held in memory (a HotReadModel): the hottest
 * routes of the site, asked for by every page and every poll.
 */
export interface CachedRoute {
  readonly url: string;
  /** One of CACHE_CONTROL. */
  readonly cacheControl: string;
  readonly contentType?: string;
  /** The answer's bytes; may throw an ApiError (a 404 while there is nothing to show). */
  readonly answer: () => Promise<CachedBody>;
}

/**
 * Serves cached answers from Fastify routes of their own rather than Nest controllers: Nest's
 * pipeline (execution context, the staff guard's metadata look-ups, the parameter decorators)
 * cost about a third of such a route's throughput, for routes that take nothing from the request
 * but its cache headers. Every Fastify hook still runs: security headers, CORS, request id and
 * log line, metrics, read-your-writes; a thrown error reaches the app's error filter as any other.
 */
export function serveCachedRoutes(fastify: FastifyInstance, routes: readonly CachedRoute[]): void {
  for (const route of routes) {
    // replyCached compresses each answer once, and these routes take no body: the compression
    // plugin's per-request hooks (compress the reply, inflate the request) have nothing to do here.
    fastify.get(route.url, { compress: false, decompress: false }, async (request: FastifyRequest, reply: FastifyReply) =>
      replyCached(request, reply, await route.answer(), route.cacheControl, route.contentType),
    );
  }
}
