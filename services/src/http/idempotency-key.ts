import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IdempotencyKeySchema } from '@xsd/contracts/api/idempotency';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.filter.js';

/** A keyed write: the client it came from (keys are that client's own) and its key. */
export interface Idempotency {
  readonly client: string;
  readonly key: string;
}

/**
 * The request's `Idempotency-Key`, or null when it has none (each such request is a new write).
 * Read before the body, so a bad key costs nothing. request.ip believes X-Forwarded-For only from
 * XSD_TRUSTED_PROXIES, so a client cannot name another's keys.
 */
export function readIdempotencyKey(request: FastifyRequest): Idempotency | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'invalid_idempotency_key', IDEMPOTENCY_MESSAGES.invalid);
  return { client: request.ip, key: parsed.data };
}
