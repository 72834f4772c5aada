import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** The route label of a request no route took (a 404 of Fastify's or of the web app's fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route template a request matched (`/api/news/:id`), never the path a client sent. */
export function routeTemplate(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

/** Records one answered request: its method, route template, status and time taken. */
export type RequestDurations = (method: string, route: string, status: number, elapsedMs: number) => void;

/**
 * Times every response into xsd_http_request_duration_seconds by method, route template (the
 * pattern, never the path a client sent, which would grow the series without bound) and status
 * class. Long-lived responses (the event stream) count when they end. Returns the recorder, for
 * answers sent past Fastify's hooks (the hot lane).
 */
export function recordRequestDurations(fastify: FastifyInstance, metrics: Metrics): RequestDurations {
  // One observer a label set, found by a string key.
  const observers = new Map<string, (seconds: number) => void>();
  const record: RequestDurations = (method, route, status, elapsedMs) => {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let observe = observers.get(key);
    if (observe === undefined) {
      observe = metrics.httpRequestDuration.observer({ method, route, status_class: statusClass });
      observers.set(key, observe);
    }
    observe(elapsedMs / 1_000);
  };
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    record(request.method, routeTemplate(request), reply.statusCode, reply.elapsedTime);
    done();
  });
  return record;
}
