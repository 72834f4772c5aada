import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { symbols } from 'pino';
import { routeTemplate } from './request-metrics.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a proxy may hand on: visible ASCII, no spaces, at most 128 characters. */
const SANE_REQUEST_ID = /^[!-~]{1,128}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` of a trusted proxy (the peer's address is in
 * XSD_TRUSTED_PROXIES, the list Fastify's trustProxy believes `X-Forwarded-For` from) when it
 * is a sane token, else a new UUID. Anyone else's header is ignored: a client must not pick
 * the id the operator's logs file its request under.
 */
export function requestIdGenerator(trustedProxies: readonly string[]): (request: IncomingMessage) => string {
  const trusted = proxyList(trustedProxies);
  return (request) => {
    const header = request.headers[REQUEST_ID_HEADER];
    if (trusted && typeof header === 'string' && SANE_REQUEST_ID.test(header) && isTrusted(trusted, request.socket.remoteAddress)) {
      return header;
    }
    return randomUUID();
  };
}

/** The range names Fastify's trustProxy (proxy-addr) takes besides addresses, as CIDR ranges. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function proxyList(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries.flatMap((name) => NAMED_RANGES[name] ?? [name])) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string | undefined): boolean {
  if (address === undefined) return false;
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d; the list names them as a.b.c.d.
  const ipv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (ipv4 !== undefined || isIPv4(address)) return list.check(ipv4 ?? address, 'ipv4');
  return list.check(address, 'ipv6');
}

export const REQUEST_COMPLETED = 'request completed';

/** A request's duration as its line gives it: milliseconds to a tenth. */
const lineDurationMs = (elapsedMs: number) => Math.round(elapsedMs * 10) / 10;

/** The fields of a request's line: its route template, never the raw path (which holds ids and queries). */
export function completedRequestLine(method: string, route: string, status: number, elapsedMs: number) {
  return { method, route, status, durationMs: lineDurationMs(elapsedMs) };
}

/** Writes an answered request's line, at info level. */
export type RequestLineWriter = (reqId: string, method: string, route: string, status: number, elapsedMs: number) => void;

interface PinoParts {
  readonly [symbols.lsCacheSym]: Readonly<Record<number, string>>;
  readonly [symbols.chindingsSym]: string;
  readonly [symbols.timeSym]: () => string;
  readonly [symbols.endSym]: string;
  readonly [symbols.streamSym]: { write(line: string): void };
  isLevelEnabled(level: 'info'): boolean;
}

const INFO = 30;
const COMPLETED_MESSAGE = `,"msg":${JSON.stringify(REQUEST_COMPLETED)}`;

/**
 * The line `logger.info({ reqId, ...completedRequestLine(...) }, REQUEST_COMPLETED)` writes, put
 * together from the logger's own parts (its level label, time, bindings, line end and stream)
 * instead of pino's general serialiser, which walks the object, redacts it and quotes each field:
 * 0.15 µs a line against 1.3-1.5 µs, the largest cost of a hot answer after the socket write.
 * A test holds it to pino's line. The logger writes to one destination (createLogger's): a
 * multistream, which routes lines by metadata pino's own write sets, would need pino's write.
 */
export function requestLineWriter(logger: FastifyBaseLogger): RequestLineWriter {
  const parts = logger as unknown as PinoParts;
  const stream = parts[symbols.streamSym];
  const level = parts[symbols.lsCacheSym][INFO];
  const bindings = parts[symbols.chindingsSym];
  const end = parts[symbols.endSym];
  const time = parts[symbols.timeSym];
  return (reqId, method, route, status, elapsedMs) => {
    if (!parts.isLevelEnabled('info')) return;
    stream.write(
      `${level}${time()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},"durationMs":${lineDurationMs(elapsedMs)}${COMPLETED_MESSAGE}${end}`,
    );
  };
}

/**
 * Fastify's request logging, one line a request: id, method, route template (never the raw
 * path, which holds ids and queries), status and duration. The id is echoed in `X-Request-Id`,
 * set on the reply as soon as the request is known, so every answer carries it, whichever hook or
 * handler sends it (a header set on Node's response instead made every reply take Node's slow
 * path for Fastify's headers). Errors
 * below 500 are not logged apart: their status is on the request's line, and their messages may
 * quote the body (a JSON parse error quotes the JSON). Fastify's own lines that would name the raw
 * URL are replaced.
 */
export class RequestLog extends LogController {
  /** `writeLine` writes the line of an answer below 500 (none without: Fastify's logger is then off too). */
  constructor(private readonly writeLine: RequestLineWriter | null) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    reply.header(REQUEST_ID_HEADER, request.id);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (status >= 500 || error) {
      const line = { ...completedRequestLine(request.method, routeTemplate(request), status, reply.elapsedTime), ...(error ? { error: error.message } : {}) };
      request.log.error(line, REQUEST_COMPLETED);
    } else {
      this.writeLine?.(request.id, request.method, routeTemplate(request), status, reply.elapsedTime);
    }
  }

  override routeNotFound(): void {}

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) request.log.error({ err: error }, error.message);
  }

  /** Fastify's own line names the raw URL, query included. */
  override writeHeadError(error: Error, request: FastifyRequest): void {
    request.log.warn({ err: error }, error.message);
  }
}
