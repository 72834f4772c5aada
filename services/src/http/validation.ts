import type { z } from 'zod';
import { ApiError } from './api-error.filter.js';

/** Parses request input with a contracts schema; the first issue's message becomes a 400. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, code = 'invalid_request'): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ApiError(400, code, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Queries a queryParser remembers: a few hundred bytes each. */
const REMEMBERED_QUERIES = 1_000;

/**
 * parseRequest for the query of a hot GET route, remembering the answers of the last 1,000
 * queries by their text: a page or a poll asks the same few queries again and again, and zod's
 * parse (objects, transforms, the garbage they leave) was a tenth of such a request's time. Only
 * for schemas whose answer depends on the query alone (not the time); answers are frozen, as
 * every request shares them. A query parseRequest refuses is parsed (and refused) each time.
 */
export function queryParser<S extends z.ZodType>(schema: S, code = 'invalid_query'): (query: unknown) => Readonly<z.output<S>> {
  const remembered = new Map<string, Readonly<z.output<S>>>();
  return (query) => {
    const text = JSON.stringify(query);
    let parsed = remembered.get(text);
    if (parsed === undefined) {
      parsed = Object.freeze(parseRequest(schema, query, code));
      // The oldest goes first (a Map keeps insertion order).
      if (remembered.size >= REMEMBERED_QUERIES) remembered.delete(remembered.keys().next().value!);
      remembered.set(text, parsed);
    }
    return parsed;
  };
}
