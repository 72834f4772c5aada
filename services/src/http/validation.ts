import type { z } from 'zod';
import { ApiError } from './api-error.filter.js';

/** Parses request input with a contracts schema; the first issue's message becomes a 400. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, code = 'invalid_request'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, code, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
