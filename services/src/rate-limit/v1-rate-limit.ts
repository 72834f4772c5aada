import type { IncomingMessage } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config/config.js';
import { ApiError } from '../http/api-error.filter.js';
import { FixedWindows, type WindowStanding } from './fixed-windows.js';
import { clientKey } from './token-buckets.js';

/**
 * How many requests one client may make to /api/v1/* per window. A client is `request.ip` (which
 * believes X-Forwarded-For from trusted proxies alone); IPv6 addresses count per /64, as one host holds a whole /64.
 */
export interface V1RateLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

export const DEFAULT_V1_RATE_LIMIT: V1RateLimit = { max: 60, windowSeconds: 60 };

const V1_PATH = /^\/api\/v1(\/|\?|$)/;

/**
 * `XSD_API_RATE_LIMIT` (requests per window, default 60) and `XSD_API_RATE_WINDOW_SECONDS`
 * (default 60). The count is kept per API process: behind N replicas a client may make up to N
 * times as many.
 */
export function v1RateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): V1RateLimit {
  const read = (key: string, fallback: number) => {
    const text = env[key]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${key} must be a whole number of 1 or more, got '${text}'`);
    return value;
  };
  return {
    max: read('XSD_API_RATE_LIMIT', DEFAULT_V1_RATE_LIMIT.max),
    windowSeconds: read('XSD_API_RATE_WINDOW_SECONDS', DEFAULT_V1_RATE_LIMIT.windowSeconds),
  };
}

export function tooManyRequestsMessage(limit: V1RateLimit, retryAfterSeconds: number): string {
  return `Too many requests: the public API takes ${limit.max} requests per ${limit.windowSeconds} seconds from one client. Try again in ${retryAfterSeconds} s.`;
}

/** For the OpenAPI document of the /api/v1 routes. */
export const V1_TOO_MANY_DESCRIPTION = 'Too many requests from this client: wait Retry-After seconds';
export const V1_RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window ends', schema: { type: 'integer' } },
} as const;

/** Clients whose windows are kept at once (an entry is about 100 bytes): see FixedWindows. */
const MAX_CLIENTS = 10_000;

/**
 * The per-client budget of /api/v1/*, one across its routes, asked by whichever answers a request
 * first: the hot lane or the route's onRequest hook. A request is counted once, whichever asks.
 */
/**
 * The standing a request was given, kept on the request itself: a WeakMap took 0.35-0.74 µs a
 * request to enter and look up, a symbol property 0.05.
 */
const STANDING = Symbol('v1 rate limit standing');
type CountedRequest = IncomingMessage & { [STANDING]?: WindowStanding };

export class V1RateLimiter {
  private readonly windows: FixedWindows;

  constructor(
    readonly limit: V1RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new FixedWindows(limit.max, limit.windowSeconds * 1000, MAX_CLIENTS);
  }

  /** Counts `request` against its client (`address`: request.ip) once, and says where the client stands. */
  take(request: CountedRequest, address: string): WindowStanding {
    let standing = request[STANDING];
    if (standing === undefined) {
      standing = this.windows.take(clientKey(address), this.now());
      request[STANDING] = standing;
    }
    return standing;
  }
}

/** The RateLimit-* headers (the IETF draft's names) of a standing, and Retry-After when it is refused. */
export function rateLimitHeaders(standing: WindowStanding): Record<string, string> {
  return {
    'ratelimit-limit': String(standing.limit),
    'ratelimit-remaining': String(standing.remaining),
    'ratelimit-reset': String(standing.resetSeconds),
    ...(standing.allowed ? {} : { 'retry-after': String(standing.resetSeconds) }),
  };
}

/**
 * Rate-limits /api/v1/* alone: RateLimit-Limit, -Remaining and -Reset on every answer, and over
 * the limit a 429 in the JSON error shape with Retry-After. Runs at onRequest, before any route
 * work. Returns the limiter, for the hot lane's /api/v1 routes.
 */
export function registerV1RateLimit(app: NestFastifyApplication, limit: V1RateLimit = v1RateLimitFromEnv()): V1RateLimiter {
  const limiter = new V1RateLimiter(limit);
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // A callback hook: every other request passes straight through, with no promise made for it.
  fastify.addHook('onRequest', function v1RateLimit(request, reply, done) {
    if (!V1_PATH.test(request.url)) return done();
    const standing = limiter.take(request.raw, request.ip);
    reply.headers(rateLimitHeaders(standing));
    if (standing.allowed) return done();
    done(new ApiError(429, 'too_many_requests', tooManyRequestsMessage(limit, standing.resetSeconds)));
  });
  return limiter;
}
