import { createServer, type IncomingMessage, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProjectionProgress } from '../core/projection-progress.js';
import { Metrics } from '../metrics/metrics.js';
import { readYourWrites } from '../read-cache/read-your-writes.js';
import { cachedPublicRoutes, publicApiLaneRoutes } from './cached-public-routes.js';
import { HotLane } from './hot-lane.js';
import { publicCors } from './cors.js';
import { acceptOnlyDeclaredBodies, requireWellFormedText } from '../http/edge-validation.js';
import { RequestLog, requestIdGenerator, requestLineWriter } from '../http/request-log.js';
import { SECURITY_HEADERS, securityHeaders } from './security-headers.js';
import { recordRequestDurations } from '../http/request-metrics.js';
import { registerV1RateLimit } from '../rate-limit/v1-rate-limit.js';
import { registerOpenApiRoute } from '../openapi/openapi-route.js';
import { serveWebApp } from './web-app.js';

/** Largest JSON body any route takes (1 MiB); uploads have their own limits. */
export const JSON_BODY_LIMIT = 1_048_576;
/** The contact form's photo limit (the spec's 5 MB), the only upload. */
export const UPLOAD_FILE_LIMIT = 5_242_880;

/**
 * Every limit of the multipart parser, set here rather than left to its defaults (1,000 parts,
 * 2,000 header pairs a part, files as large as the JSON body limit): the only upload is the contact
 * form, five text fields and one photo, each part with a Content-Disposition and a Content-Type.
 * Past a limit the reader answers 4xx.
 */
export const MULTIPART_LIMITS = {
  fields: 5,
  files: 1,
  parts: 6,
  headerPairs: 4,
  fieldSize: 65_536,
  fileSize: UPLOAD_FILE_LIMIT,
} as const;

export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (slow-body clients are cut off). */
  readonly requestMs: number;
  /** The request headers must arrive within this. */
  readonly headersMs: number;
  /** How long an idle keep-alive connection is kept. */
  readonly keepAliveMs: number;
  /** How often Node looks for connections past those limits. */
  readonly checkEveryMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 15_000, keepAliveMs: 65_000, checkEveryMs: 5_000 };

export interface HttpAdapterOptions {
  /** Addresses or CIDR ranges of reverse proxies whose `X-Forwarded-*` headers are believed. */
  readonly trustedProxies?: readonly string[];
  readonly timeouts?: HttpTimeouts;
  /** The process's logger: a line per request goes to it (none without). */
  readonly logger?: FastifyBaseLogger;
}

/**
 * The Fastify server under Nest. Time-outs are set on the Node server itself, so a client that
 * trickles its headers or body is cut off after `requestMs` (the event stream is a response and
 * is not affected). Forwarded headers count only from configured proxies: otherwise any client
 * could pick its own address and step around per-client limits.
 */
export function createHttpAdapter(options: HttpAdapterOptions = {}): FastifyAdapter {
  const timeouts = options.timeouts ?? DEFAULT_HTTP_TIMEOUTS;
  const proxies = options.trustedProxies ?? [];
  const requestId = requestIdGenerator(proxies);
  const logger = options.logger?.child({ context: 'Http' }) ?? null;
  const writeLine = logger ? requestLineWriter(logger) : null;
  let lane: HotLane | null = null;
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: proxies.length > 0 ? [...proxies] : false,
    return503OnClosing: true,
    // No Nest middleware (app.use / MiddlewareConsumer) is used: every request skips middie's pass.
    skipMiddie: true,
    clientErrorHandler: answerClientError,
    // A line per request with its id (X-Request-Id, from a trusted proxy or new), echoed in the answer.
    ...(logger ? { loggerInstance: logger } : {}),
    genReqId: requestId,
    logController: new RequestLog(writeLine),
    // A URL that is not valid percent-encoding never reaches a route: answer it in the JSON error shape too.
    // It runs before any hook, the security headers' too.
    frameworkErrors: (_error: Error, _request: FastifyRequest, reply: FastifyReply) =>
      reply
        .headers(SECURITY_HEADERS)
        .code(400)
        .send({ error: { code: 'bad_url', message: 'The request URL is not valid (broken percent-encoding).' } }),
    serverFactory: (handler: RequestHandler): Server => {
      lane = new HotLane(handler, requestId, writeLine);
      const hosted = requireHost(lane.handle);
      return (
        createServer(
          {
            requestTimeout: timeouts.requestMs,
            headersTimeout: timeouts.headersMs,
            keepAliveTimeout: timeouts.keepAliveMs,
            connectionsCheckingInterval: timeouts.checkEveryMs,
            // Node's own refusal of a missing Host is an empty 400: requireHost answers it instead.
            requireHostHeader: false,
          },
          hosted,
        )
          // Node takes any Expect that contains "100-continue" (`100-continue-x` too) as that one.
          .on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
            if (request.headers.expect?.trim().toLowerCase() !== '100-continue') return expectationFailed(response);
            response.writeContinue();
            hosted(request, response);
          })
          // Without a listener Node answers any other Expect with an empty 417.
          .on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => expectationFailed(response))
          // Without a listener Node drops a CONNECT (a proxy's method) without a word.
          .on('connect', (_request: IncomingMessage, socket: Socket) =>
            answerSocket(socket, 405, 'method_not_allowed', 'This server is not a proxy: CONNECT is not served.'),
          )
      );
    },
  });
  // Fastify made its server (and so the lane) as the adapter was built.
  const hotLane = lane as HotLane | null;
  if (hotLane === null) throw new Error('Fastify did not call the server factory');
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  fastify.decorate('hotLane', hotLane);
  fastify.addHook('preClose', (done) => {
    hotLane.close();
    done();
  });
  return adapter;
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** The only expectation HTTP defines is 100-continue (RFC 9110 10.1.1). */
function expectationFailed(response: ServerResponse): void {
  answerRaw(response, 417, 'expectation_failed', 'The only expectation understood is "Expect: 100-continue".');
}

/** An HTTP/1.1 request must name its host (RFC 9112 3.2); an HTTP/1.0 one need not. */
function requireHost(handler: RequestHandler): RequestHandler {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor >= 1) {
      answerRaw(response, 400, 'missing_host', 'The request has no Host header.');
      return;
    }
    handler(request, response);
  };
}

/** The head of an answer written before Fastify sees the request: the JSON error shape's, with the security headers. */
function rawHead(body: string): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
}

/** Answers a request Fastify never sees, in the JSON error shape; the connection closes after it. */
function answerRaw(response: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  response.writeHead(status, rawHead(body)).end(body);
}

/** Node's parser errors, by its error codes: what the client gets before any route could run. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' },
};
const BAD_REQUEST = { status: 400, code: 'bad_request', message: 'The request could not be read.' };

/** A request Node could not parse (or that arrived too slowly) still gets the JSON error shape. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = CLIENT_ERRORS[error.code ?? ''] ?? BAD_REQUEST;
  answerSocket(socket, status, code, message);
}

/** Writes an answer in the JSON error shape straight to a socket no response object owns, and closes it. */
function answerSocket(socket: Socket, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  const head = Object.entries(rawHead(body)).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
}

/** Creates Nest applications without Nest's own body parsers: `configureHttpApp` adds JSON alone. */
export const NEST_HTTP_OPTIONS = { bodyParser: false } as const;

export interface HttpAppOptions {
  /** Where the built web app is (default `webDistDir()`); null serves the API alone. */
  readonly webDir?: string | null;
}

/**
 * What an HTTP role puts in front of the API routes, before `init()` / `listen()`: request
 * durations measured, security headers, the cross-origin (CSRF) check, CORS for the public read
 * API, JSON as the only body type (plus multipart for routes that take an upload), well-formed
 * text everywhere, compression, the hot public reads served from memory, and the built web app. Returns whether the web app was found.
 */
export async function configureHttpApp(app: NestFastifyApplication, options: HttpAppOptions = {}): Promise<boolean> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.hotLane.measureWith(recordRequestDurations(fastify, app.get(Metrics)));
  await app.register(securityHeaders);
  // A state-changing request from another site's page is refused (403) before any route runs;
  // the CLI's bearer-token requests carry no browser headers and pass.
  app.enableCsrfProtection();
  await app.register(publicCors);
  const v1Limiter = registerV1RateLimit(app);
  const cachedRoutes = cachedPublicRoutes(app);
  registerOpenApiRoute(app, cachedRoutes.map((route) => route.url));
  await app.register(fastifyCookie);
  await app.register(readYourWrites, { progress: app.get<ProjectionProgress>(ProjectionProgress) });
  // Only what the API takes: JSON, and multipart where a route says so. Fastify's text/plain
  // parser goes, since a page on any site may send text/plain (and form bodies) without asking.
  fastify.removeAllContentTypeParsers();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (request, body, done) => {
    // Clients often label a body-less DELETE or POST as JSON: no body is no body, not bad JSON.
    if (body === '' || body.length === 0) return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  fastify.addHook('preValidation', acceptOnlyDeclaredBodies);
  fastify.addHook('preValidation', requireWellFormedText);
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Quality 4 is close to gzip's size at a fraction of brotli's default (11) cost per response.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  fastify.hotLane.serve(fastify, cachedRoutes);
  fastify.hotLane.front(publicApiLaneRoutes(app, v1Limiter));
  if (options.webDir === null) return false;
  return serveWebApp(fastify, options.webDir);
}
