import { isApiErrorBody } from '@xsd/contracts/api/errors';
import { API_TIMEOUT_MS } from '../config/site';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface GetJsonOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly cache?: RequestCache;
}

/** Aborts when either the caller's signal or the time-out fires. */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** GET a JSON document; errors carry the server's `{ error: { code, message } }` when present. */
export function getJson<T>(path: string, options: GetJsonOptions = {}): Promise<T> {
  return requestJson<T>(path, { ...options, method: 'GET' });
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A state-changing request: same origin with the session cookie, the body as JSON (the server
 * takes JSON only). Errors as {@link getJson}.
 */
export function sendJson<T>(method: SendMethod, path: string, body?: unknown, options: SendJsonOptions = {}): Promise<T> {
  return requestJson<T>(path, { ...options, method, body: body === undefined ? undefined : JSON.stringify(body) });
}

export interface SendJsonOptions extends GetJsonOptions {
  /** Sent with the request, e.g. an Idempotency-Key. */
  readonly headers?: Readonly<Record<string, string>>;
}

async function requestJson<T>(path: string, options: SendJsonOptions & { readonly method: 'GET' | SendMethod; readonly body?: string }): Promise<T> {
  const { signal, done } = withTimeout(options.signal, options.timeoutMs ?? API_TIMEOUT_MS);
  try {
    const response = await fetch(path, {
      method: options.method,
      signal,
      // The app decides freshness itself (query stale times, the live stream): when it asks again, the
      // browser revalidates (a 304 by ETag when nothing changed) instead of answering from its cache
      // for the Cache-Control time the API gives other clients.
      cache: options.cache ?? (options.method === 'GET' ? 'no-cache' : undefined),
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: options.body,
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    if (!response.ok) {
      if (isApiErrorBody(body)) throw new ApiError(body.error.message, response.status, body.error.code);
      throw new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error');
    }
    if (body === null) throw new ApiError('Invalid response format from server', response.status, 'invalid_body');
    return body as T;
  } finally {
    done();
  }
}

/** The message of the server's `{ error: { message } }` body; null for network failures and bare statuses. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code === 'http_error' || error.code === 'invalid_body') return null;
  return error.message || null;
}
