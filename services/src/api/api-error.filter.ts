import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { type ApiErrorBody, InvalidEventError } from '@xsd/contracts';
import type { Response } from 'express';
import { ConcurrencyError } from '../event-log/event-log.js';
import { DecisionError, type DecisionFailure } from '../event-sourcing/decider.js';
import { ReadModelTimeoutError } from '../projector/projection-progress.js';

/** Thrown by handlers for an expected failure with the spec's message. */
export class ApiError extends HttpException {
  constructor(status: number, code: string, message: string) {
    super({ error: { code, message } } satisfies ApiErrorBody, status);
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
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
};

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
  return null;
}

/**
 * Every error leaves as `{ error: { code, message } }`. Expected ones keep their message; anything
 * else is logged with its stack and answered with a generic 500 that leaks no internals.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Api');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const known = toBody(error);
    if (known) {
      response.status(known.status).json(known.body);
      return;
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    response
      .status(HttpStatus.INTERNAL_SERVER_ERROR)
      .json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
  }
}
