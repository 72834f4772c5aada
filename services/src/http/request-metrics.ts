import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** The route label of a request no route took (a 404 of Fastify's or of the web app's fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route template a request matched (`/api/news/:id`), never the path a client sent. */
export function routeTemplate(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/** Times the answers of one label set (method, route template, status class): takes a duration in ms. */
export type RequestTimer = (elapsedMs: number) => void;

/** The timer of an answer's label set, made at its first answer and kept. */
export type RequestTimers = (method: string, route: string, status: number) => RequestTimer;

/**
 * Times every response into xsd_http_request_duration_seconds by method, route template (the
 * pattern, never the path a client sent, which would grow the series without bound) and status
 * class. Long-lived responses (the event stream) count when they end. Returns the timers, for
 * answers sent past Fastify's hooks (the hot lane, which keeps the ones of its routes).
 */
export function recordRequestDurations(fastify: FastifyInstance, metrics: Metrics): RequestTimers {
  // One timer a label set, found by a string key.
  const timers = new Map<string, RequestTimer>();
  const timer: RequestTimers = (method, route, status) => {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let found = timers.get(key);
    if (found === undefined) {
      const observe = metrics.httpRequestDuration.observer({ method, route, status_class: statusClass });
      found = (elapsedMs) => observe(elapsedMs / 1_000);
      timers.set(key, found);
    }
    return found;
  };
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    timer(request.method, routeTemplate(request), reply.statusCode)(reply.elapsedTime);
    done();
  });
  return timer;
}
