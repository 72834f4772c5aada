import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './cached-json.js';

/** The spec's cache times, as `Cache-Control` values. */
export const CACHE_CONTROL = {
  /** Latest prices and silver: 30 s. */
  latest: 'public, max-age=30',
  /** Price and silver histories: 5 minutes. */
  history: 'public, max-age=300',
  /** What staff change and visitors must see at once (chains, news, calendar): revalidate, cheaply, by ETag. */
  revalidate: 'no-cache',
  /** The maintenance state, which every page checks: never stored, as before. */
  never: 'no-store',
} as const;

/** What a cached answer is unless its route says otherwise. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a cached answer (JSON unless told otherwise): `304` when the client holds the same ETag,
 * else the bytes in the best encoding the client accepts, compressed once per answer rather than
 * once per request.
 */
export function replyCached(
  request: FastifyRequest,
  reply: FastifyReply,
  json: CachedBody,
  cacheControl: string,
  contentType = JSON_CONTENT_TYPE,
): FastifyReply {
  reply.headers(cachedAnswerHeaders(cacheControl)).header('etag', json.etag);
  if (ifNoneMatch(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
  reply.type(contentType);
  const encoded = json.negotiate(request.headers['accept-encoding']);
  json.sendingOn(reply.raw);
  if (encoded === null) return reply.send(json.body);
  return reply.header('content-encoding', encoded.encoding).send(encoded.body);
}

/** The headers of every cached answer, 200 or 304, but its ETag. */
export function cachedAnswerHeaders(cacheControl: string): Record<string, string> {
  return { 'cache-control': cacheControl, vary: 'Accept-Encoding' };
}

/** If-None-Match holds this ETag (alone, in a list, weak or strong), or is `*`. */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
