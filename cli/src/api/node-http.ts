import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface HttpRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
}

export interface HttpAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly body: string;
}

/** Sends one request and reads the whole answer as text. */
export type HttpTransport = (url: string, request: HttpRequest) => Promise<HttpAnswer>;

/** Raised when no answer came within the time-out. */
export class HttpTimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * The CLI's transport: node:http / node:https. A one-shot command starts and exits noticeably
 * faster with it than with fetch (undici loads and winds down its pool on exit), which matters
 * for `xsd prices --json` in scripts.
 */
export const nodeHttpTransport: HttpTransport = (url, { method, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = send(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.setTimeout(timeoutMs, () => request.destroy(new HttpTimeoutError(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
