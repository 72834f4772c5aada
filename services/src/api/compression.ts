import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** The Server-Sent Events route: every message must reach the client as soon as it is written. */
const STREAM_PATH = '/api/stream';

/**
 * Whether a response is compressed: never `GET /api/stream` nor any event stream (a compressor
 * holds bytes back until it has enough to emit, so each event would wait in its buffer; Nest's
 * `Cache-Control: no-transform` on SSE says the same, this does not depend on it), otherwise
 * what the middleware compresses by default (compressible types such as JSON, JS, CSS, HTML).
 */
export function shouldCompress(request: Request, response: Response): boolean {
  if (request.path === STREAM_PATH || request.path.startsWith(`${STREAM_PATH}/`)) return false;
  if (String(response.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(request, response);
}

/**
 * Compresses responses of 1 kB or more for clients that accept it (brotli or gzip, as the client
 * prefers; deflate): JSON answers and the built web app, but never the event stream.
 */
export function compressResponses(): RequestHandler {
  return compression({ filter: shouldCompress });
}
