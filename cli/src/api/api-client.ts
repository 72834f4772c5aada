import { CliError, UsageError } from '../cli-error.js';
import { type HttpAnswer, type HttpTransport, nodeHttpTransport } from './node-http.js';

/** The API's error body: `{ error: { code, message } }`. */
interface ApiErrorShape {
  readonly error: { readonly code: string; readonly message: string };
}

const isApiError = (value: unknown): value is ApiErrorShape =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { error?: { message?: unknown } }).error?.message === 'string';

/** The spec's backend time-out. */
export const API_TIMEOUT_MS = 10_000;

/** A refusal of the API, with its status and code; `message` is the server's own text. */
export class ApiRequestError extends CliError {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The server did not answer at all (refused, unknown host, time-out). */
export class ApiUnreachableError extends CliError {
  override name = 'ApiUnreachableError';
}

export interface ApiClientOptions {
  /** Base URL, e.g. http://localhost:8080 (no trailing slash needed). */
  readonly baseUrl: string;
  /** Bearer token of a staff session, for the staff routes. */
  readonly token?: string | null;
  readonly timeoutMs?: number;
  readonly transport?: HttpTransport;
}

/**
 * A thin JSON client for the Silverboard API. Every failure becomes one readable line: the
 * server's own message for a refusal, "cannot reach" when nothing answered.
 */
export class ApiClient {
  readonly baseUrl: string;
  private readonly token: string | null;
  private readonly timeoutMs: number;
  private readonly transport: HttpTransport;

  constructor(options: ApiClientOptions) {
    this.baseUrl = normalizeApiUrl(options.baseUrl);
    this.token = options.token ?? null;
    this.timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
    this.transport = options.transport ?? nodeHttpTransport;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PUT', path, body);
  }

  withToken(token: string | null): ApiClient {
    return new ApiClient({ baseUrl: this.baseUrl, token, timeoutMs: this.timeoutMs, transport: this.transport });
  }

  /** Headers of every request (the stream reuses them). */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: 'application/json',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: HttpAnswer;
    try {
      response = await this.transport(this.url(path), {
        method,
        headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: this.timeoutMs,
      });
    } catch (error) {
      throw unreachable(this.baseUrl, error, this.timeoutMs);
    }
    let parsed: unknown = undefined;
    try {
      parsed = response.body === '' ? undefined : JSON.parse(response.body);
    } catch {
      parsed = undefined;
    }
    if (response.status < 200 || response.status > 299) {
      if (isApiError(parsed)) throw new ApiRequestError(response.status, parsed.error.code, parsed.error.message);
      throw new ApiRequestError(
        response.status,
        'http_error',
        `The API at ${this.baseUrl} answered ${method} ${path} with HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
      );
    }
    if (parsed === undefined) {
      throw new CliError(`The API at ${this.baseUrl} answered ${method} ${path} with something that is not JSON. Is --api the Silverboard API?`);
    }
    return parsed as T;
  }
}

/** Checks and tidies `--api` / XSD_API_URL: an http(s) URL without a trailing slash. */
export function normalizeApiUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new UsageError(`Invalid API URL '${input}': expected something like http://localhost:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`Invalid API URL '${input}': expected an http:// or https:// URL`);
  }
  return url.toString().replace(/\/+$/, '');
}

/** Why nothing answered, in words: 'connection refused', 'timed out after 10 s'... */
export function unreachable(baseUrl: string, error: unknown, timeoutMs = API_TIMEOUT_MS): ApiUnreachableError {
  return new ApiUnreachableError(
    `Cannot reach the Silverboard API at ${baseUrl} (${describeNetworkError(error, timeoutMs)}). Is it running? Start it with 'make start' or point --api / XSD_API_URL at it.`,
  );
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; cause?: { code?: string; message?: string }; message?: string } | undefined;
  if (err?.name === 'TimeoutError') return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const code = err?.cause?.code ?? (err as { code?: string } | undefined)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connection timed out';
    default:
      return err?.cause?.message ?? err?.message ?? 'network error';
  }
}
