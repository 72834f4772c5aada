import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/** The route label of a request no route took (a 404 of Fastify's or of the web app's fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every response into xsd_http_request_duration_seconds by method, route template (the
 * pattern, e.g. `/api/news/:id`, never the path a client sent, which would grow the series without
 * bound) and status class. Long-lived responses (the event stream) count when they end.
 */
export function recordRequestDurations(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    metrics.httpRequestDuration.observe({ method: request.method, route, status_class: statusClass }, reply.elapsedTime / 1_000);
    done();
  });
}
