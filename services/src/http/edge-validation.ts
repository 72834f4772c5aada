import type { ApiErrorBody } from '@xsd/contracts';
import { findUnsafeText } from '@xsd/contracts/text/safe-text';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Route config (`@RouteConfig(TAKES_UPLOAD)`) of the routes that take a multipart upload. */
export const TAKES_UPLOAD = { multipart: true } as const;

function refuse(reply: FastifyReply, status: number, error: ApiErrorBody['error']): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ error } satisfies ApiErrorBody);
}

/**
 * Multipart bodies only where a route declared them: everywhere else a state-changing request
 * carries JSON (the content type parser refuses any other type with 415).
 */
export function acceptOnlyDeclaredBodies(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const config = request.routeOptions.config as { multipart?: boolean } | undefined;
  if (!request.isMultipart() || config?.multipart === true) return done();
  refuse(reply, 415, { code: 'unsupported_media_type', message: 'Send the request body as JSON (Content-Type: application/json).' });
}

// Callback hooks, not async ones: they run on every request, and a refusal that sends a reply
// without calling done() ends the request there.

/**
 * Every string a request carries (body, query, path parameters) must be text PostgreSQL and
 * UTF-8 can hold: no NUL, no unpaired surrogate. Checked once here, for every route, so such
 * input is a 400 and never reaches a command, an event or a query.
 */
export function requireWellFormedText(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  for (const [part, value] of [
    ['body', request.body],
    ['query', request.query],
    ['path', request.params],
  ] as const) {
    const where = findUnsafeText(value);
    if (where !== null) {
      const field = where === '(root)' ? part : `${part} field '${where}'`;
      refuse(reply, 400, { code: 'invalid_text', message: `The ${field} must not contain NUL characters or broken Unicode.` });
      return;
    }
  }
  done();
}
