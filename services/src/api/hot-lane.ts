import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import { findUnsafeText } from '@xsd/contracts/text/safe-text';
import type { RequestLineWriter } from '../http/request-log.js';
import type { RequestTimer, RequestTimers } from '../http/request-metrics.js';
import type { CachedBody } from '../read-cache/cached-json.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import { cachedAnswerHeaders, ifNoneMatch, JSON_CONTENT_TYPE, replyCached } from '../read-cache/reply-cached.js';
import { SEEN_COOKIE } from '../read-cache/read-your-writes.js';
import { isPublicReadPath } from './cors.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** A request's query parameters, as Fastify parses them: a repeated name gives an array. */
export type HotQuery = Readonly<Record<string, string | string[] | undefined>>;

/**
 * A public GET whose answer is held in memory (a HotReadModel, one of KeyedHotReadModels, a file
 * of the web build): the hottest routes of the site, asked for by every page and every poll.
 */
export interface HotRoute {
  /** The path, without a query. */
  readonly url: string;
  /** One of CACHE_CONTROL. */
  readonly cacheControl: string;
  readonly contentType?: string;
  /**
   * The answer's bytes, themselves while they are held (the lane then answers in the request's own
   * turn), else a promise of them; may throw an ApiError (a 400 for a bad query, a 404 while there
   * is nothing to show).
   */
  readonly answer: (query: HotQuery) => Awaitable<CachedBody>;
  /**
   * A per-client budget the route's own hook keeps too (V1RateLimiter): counts the request once
   * for its client's address, and gives the headers of the client's standing, or null when the
   * budget is spent (the route answers the 429).
   */
  readonly limit?: (request: IncomingMessage, address: string) => Readonly<Record<string, string>> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTTP server's lane for hot routes (createHttpAdapter). */
    hotLane: HotLane;
  }
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

interface LaneRoute {
  readonly route: HotRoute;
  /**
   * Every header of its answers but the ETag, type, length, encoding and request id, worked out
   * once, as name, value pairs.
   */
  readonly headerPairs: readonly string[];
  /** The request timer of each status the lane answers (200, 304), found at its first answer. */
  readonly timers: Map<number, RequestTimer>;
}

const COOKIE_SEEN = `${SEEN_COOKIE}=`;

/**
 * Answers the plain case of a hot route straight from Node's request handler, before Fastify:
 * a GET of its path, over plain http from the client itself, with no read-your-writes cookie.
 * Fastify's pipeline (request and reply objects, the route lookup, a dozen hooks, a child logger)
 * was half the cost of such a request, which sends bytes held in memory. The answer is the one
 * the Fastify route gives (a test compares them): the same security, CORS and cache headers,
 * ETag and 304, compressed forms, request id, log line and request metrics. Anything else (HEAD,
 * https or a proxy's forwarded headers, a body or its type, the cookie, a query with text the
 * edge refuses, an answer that throws, such as a bad query's 400, a server closing) goes on to
 * Fastify and the route registered beside it.
 */
export class HotLane {
  private readonly routes = new Map<string, LaneRoute>();
  private timers: RequestTimers | null = null;
  private open = true;

  constructor(
    private readonly next: RequestHandler,
    private readonly requestId: (request: IncomingMessage) => string,
    private readonly writeLine: RequestLineWriter | null,
  ) {}

  /** Node's request handler: the lane's, in front of Fastify's. */
  readonly handle = (request: IncomingMessage, response: ServerResponse): void => {
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const entry = request.method === 'GET' && this.open ? this.routes.get(mark === -1 ? url : url.slice(0, mark)) : undefined;
    if (entry === undefined || !this.plain(request)) return this.next(request, response);
    const started = performance.now();
    // The parser Fastify's router uses, so the lane's query is the route's.
    const query: HotQuery = mark === -1 || mark === url.length - 1 ? {} : parseQuery(url.slice(mark + 1));
    // Text PostgreSQL cannot hold is the edge's 400 (requireWellFormedText), whatever the route reads.
    if (findUnsafeText(query) !== null) return this.next(request, response);
    let standing: Readonly<Record<string, string>> | null = null;
    if (entry.route.limit !== undefined) {
      const address = request.socket.remoteAddress;
      standing = address === undefined ? null : entry.route.limit(request, address);
      if (standing === null) return this.next(request, response);
    }
    let answer: Awaitable<CachedBody>;
    try {
      answer = entry.route.answer(query);
    } catch {
      // A bad query's 400, thrown as the query is read: the route registered beside the lane
      // answers it again, in the JSON error shape (so does the rejection below).
      return this.next(request, response);
    }
    if (!(answer instanceof Promise)) return this.send(request, response, entry, standing, answer, started);
    answer.then(
      (body) => this.send(request, response, entry, standing, body, started),
      () => this.next(request, response),
    );
  };

  /** Times answers as the request-metrics hook does (set once the app's Metrics exist). */
  measureWith(timers: RequestTimers): void {
    this.timers = timers;
  }

  /** Serves each route from the lane, and from a Fastify route of its own for what the lane passes on. */
  serve(fastify: FastifyInstance, routes: readonly HotRoute[]): void {
    this.front(routes);
    for (const route of routes) {
      // replyCached compresses each answer once, and these routes take no body: the compression
      // plugin's per-request hooks (compress the reply, inflate the request) have nothing to do here.
      fastify.get(route.url, { compress: false, decompress: false }, async (request: FastifyRequest, reply: FastifyReply) =>
        replyCached(request, reply, await route.answer(request.query as HotQuery), route.cacheControl, route.contentType),
      );
    }
  }

  /**
   * Serves each route from the lane in front of the Nest controller that serves the same path
   * (and declares it in the OpenAPI document), which answers what the lane passes on.
   */
  front(routes: readonly HotRoute[]): void {
    for (const route of routes) {
      const cors: Record<string, string> = isPublicReadPath(route.url) ? { 'access-control-allow-origin': '*' } : {};
      const headers = { ...SECURITY_HEADERS, ...cors, ...cachedAnswerHeaders(route.cacheControl) };
      this.routes.set(route.url, { route, headerPairs: Object.entries(headers).flat(), timers: new Map() });
    }
  }

  /** From the server's close on, Fastify answers everything (its 503 while it closes). */
  close(): void {
    this.open = false;
  }

  /**
   * Plain http from the client itself (HSTS is for https, directly or through a proxy; behind a
   * trusted proxy the client's address is X-Forwarded-For's, as Fastify reads it), no body nor a
   * body's type (the edge refuses a multipart one where a route takes none), no read-your-writes cookie.
   */
  private plain(request: IncomingMessage): boolean {
    const { headers } = request;
    if ((request.socket as TLSSocket).encrypted || headers['x-forwarded-proto'] !== undefined || headers['x-forwarded-for'] !== undefined) return false;
    if (headers['content-type'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
    return headers.cookie === undefined || !headers.cookie.includes(COOKIE_SEEN);
  }

  private send(
    request: IncomingMessage,
    response: ServerResponse,
    entry: LaneRoute,
    standing: Readonly<Record<string, string>> | null,
    body: CachedBody,
    started: number,
  ): void {
    const id = this.requestId(request);
    const { route } = entry;
    // Name, value pairs: writeHead takes them as they are, where an object is walked key by key.
    const headers = [...entry.headerPairs];
    if (standing !== null) for (const name in standing) headers.push(name, standing[name]!);
    let status: number;
    if (ifNoneMatch(request.headers['if-none-match'], body.etag)) {
      status = 304;
      headers.push('etag', body.etag, 'x-request-id', id);
      response.writeHead(status, headers).end();
    } else {
      status = 200;
      const encoded = body.negotiate(request.headers['accept-encoding']);
      const bytes = encoded?.body ?? body.body;
      headers.push('content-type', route.contentType ?? JSON_CONTENT_TYPE, 'etag', body.etag);
      if (encoded !== null) headers.push('content-encoding', encoded.encoding);
      headers.push('content-length', String(bytes.length), 'x-request-id', id);
      response.writeHead(status, headers);
      body.sendingOn(response);
      response.end(bytes);
    }
    const elapsedMs = performance.now() - started;
    if (this.timers !== null) {
      let timer = entry.timers.get(status);
      if (timer === undefined) entry.timers.set(status, (timer = this.timers('GET', route.url, status)));
      timer(elapsedMs);
    }
    this.writeLine?.(id, 'GET', route.url, status, elapsedMs);
  }
}
