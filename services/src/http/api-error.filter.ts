import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type ApiErrorBody, InvalidEventError } from '@xsd/contracts';
import type { FastifyRequest } from 'fastify';
import { ConcurrencyError } from '../event-log/event-log.js';
import { DecisionError, type DecisionFailure } from '../event-sourcing/decider.js';
import { ReadModelTimeoutError } from '../core/projection-progress.js';

/** Thrown by handlers for an expected failure with the spec's message. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super({ error: { code, message } } satisfies ApiErrorBody, status);
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'too_many_requests',
  503: 'unavailable',
};

/** How a refused command answers. */
const STATUS_BY_DECISION: Record<DecisionFailure, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
};

/** What Fastify's own 4xx errors (body parsing, limits) say to a client, in the spec's plain style. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_TYPE: 'The Content-Type header is empty; send JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Send one file at most.',
};

/** A client error raised by Fastify or one of its plugins before any route ran (it has a 4xx statusCode). */
function fastifyClientError(error: unknown): { status: number; code: string; message: string } | null {
  if (!(error instanceof Error)) return null;
  const { statusCode, code } = error as Error & { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode > 499) return null;
  const known = typeof code === 'string' ? FASTIFY_MESSAGES[code] : undefined;
  // JSON.parse's own message names the position, never anything internal: keep it for syntax errors.
  const message = known ?? (error instanceof SyntaxError ? 'The request body is not valid JSON.' : 'The request could not be read.');
  return { status: statusCode, code: CODE_BY_STATUS[statusCode] ?? 'bad_request', message };
}

function toBody(error: unknown): { status: number; body: ApiErrorBody } | null {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    if (typeof response === 'object' && response !== null && 'error' in response && typeof response.error === 'object') {
      return { status, body: response as ApiErrorBody };
    }
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : error.message;
    return { status, body: { error: { code: CODE_BY_STATUS[status] ?? 'error', message } } };
  }
  if (error instanceof InvalidEventError) {
    return { status: 400, body: { error: { code: 'invalid_event', message: error.message } } };
  }
  if (error instanceof DecisionError) {
    return { status: STATUS_BY_DECISION[error.kind], body: { error: { code: error.code, message: error.message } } };
  }
  if (error instanceof ConcurrencyError) {
    return {
      status: 409,
      body: { error: { code: 'conflict', message: 'Someone else changed this at the same time. Reload and try again.' } },
    };
  }
  if (error instanceof ReadModelTimeoutError) {
    return { status: 503, body: { error: { code: 'not_visible_yet', message: error.message } } };
  }
  const client = fastifyClientError(error);
  if (client) return { status: client.status, body: { error: { code: client.code, message: client.message } } };
  return null;
}

/**
 * Every error leaves as `{ error: { code, message } }`. Expected ones keep their message; anything
 * else is logged with its stack and answered with a generic 500 that leaks no internals.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<unknown>();
    const { httpAdapter } = this.adapterHost;
    const known = toBody(error);
    if (known) {
      if (error instanceof ApiError) for (const [name, value] of Object.entries(error.headers)) httpAdapter.setHeader(response, name, value);
      httpAdapter.reply(response, known.body, known.status);
      return;
    }
    // The request's id (echoed in its X-Request-Id) ties the answer a client reports to this line.
    const { id } = host.switchToHttp().getRequest<FastifyRequest>();
    this.logger.error(error instanceof Error ? { msg: error.message, reqId: id, stack: error.stack } : { msg: String(error), reqId: id });
    httpAdapter.reply(
      response,
      { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
      HttpStatus.INTERNAL_SERVER_ERROR,
    );
  }
}
