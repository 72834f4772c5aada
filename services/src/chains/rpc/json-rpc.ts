import { retryAfterMs } from '@xsd/contracts/rules/backoff';

/**
 * How a request failed, as a small fixed set (the `outcome` label of the RPC metrics): no answer in
 * time, no connection, 429 or JSON-RPC "limit exceeded", another HTTP error, a JSON-RPC error
 * object, or an answer that is not JSON-RPC.
 */
export type RpcFailure = 'timeout' | 'unreachable' | 'rate_limited' | 'http_error' | 'rpc_error' | 'undecodable';

/** EIP-1474's "limit exceeded", which providers answer when a key or an address asks too often. */
const LIMIT_EXCEEDED = -32005;

/** A JSON-RPC endpoint answered with an error object, or with something that is not JSON-RPC. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly url: string,
    readonly failure: RpcFailure,
    message: string,
    readonly code: number | null = null,
    /** How long the endpoint asked us to stay away (its `Retry-After`), when it said so. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface RpcRequestOptions {
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

let nextId = 1;

/** One JSON-RPC request over HTTP: one POST, aborted after `timeoutMs`. */
export async function rpcRequest<T>(
  url: string,
  method: string,
  params: readonly unknown[],
  options: RpcRequestOptions,
): Promise<T> {
  const id = nextId++;
  const body = await post(url, { jsonrpc: '2.0', id, method, params }, options);
  return resultOf<T>(url, body);
}

/**
 * Several JSON-RPC requests in one POST (a JSON-RPC batch), answered in the order asked. Any
 * error inside the batch fails it as a whole: the caller judges an endpoint, not a call.
 */
export async function rpcBatch(
  url: string,
  requests: readonly { readonly method: string; readonly params: readonly unknown[] }[],
  options: RpcRequestOptions,
): Promise<unknown[]> {
  const ids = requests.map(() => nextId++);
  const body = await post(
    url,
    requests.map((r, i) => ({ jsonrpc: '2.0', id: ids[i], method: r.method, params: r.params })),
    options,
  );
  if (!Array.isArray(body)) return [resultOf(url, body)];
  const byId = new Map(body.map((answer: { id?: unknown }) => [answer?.id, answer]));
  return ids.map((id) => {
    const answer = byId.get(id);
    if (answer === undefined) throw new RpcError(url, 'undecodable', 'JSON-RPC batch answer without one of its requests');
    return resultOf(url, answer);
  });
}

async function post(url: string, payload: unknown, { timeoutMs, fetch: fetchImpl = fetch }: RpcRequestOptions): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') {
      throw new RpcError(url, 'timeout', `no answer within ${timeoutMs} ms`);
    }
    throw new RpcError(url, 'unreachable', cause.cause?.code ?? cause.cause?.message ?? cause.message ?? String(error));
  }
  const retryAfter = retryAfterMs(response.headers.get('retry-after'), Date.now());
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    const cause = error as { name?: string };
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') throw new RpcError(url, 'timeout', `no answer within ${timeoutMs} ms`);
    const failure = response.ok ? 'undecodable' : httpFailure(response.status);
    throw new RpcError(url, failure, `HTTP ${response.status} without a JSON-RPC answer`, null, retryAfter);
  }
  const single = body as { error?: { code?: number; message?: string } } | null;
  if (!Array.isArray(body) && single?.error) {
    const code = single.error.code ?? null;
    const failure = response.status === 429 ? 'rate_limited' : errorFailure(code);
    throw new RpcError(url, failure, single.error.message ?? 'JSON-RPC error', code, retryAfter);
  }
  if (!response.ok) throw new RpcError(url, httpFailure(response.status), `HTTP ${response.status}`, null, retryAfter);
  return body;
}

function resultOf<T>(url: string, body: unknown): T {
  if (body === null || typeof body !== 'object') throw new RpcError(url, 'undecodable', 'not a JSON-RPC answer');
  const answer = body as { result?: T; error?: { code?: number; message?: string } };
  if (answer.error) {
    const code = answer.error.code ?? null;
    throw new RpcError(url, errorFailure(code), answer.error.message ?? 'JSON-RPC error', code);
  }
  if (!('result' in answer)) throw new RpcError(url, 'undecodable', 'JSON-RPC answer without a result');
  return answer.result as T;
}

function httpFailure(status: number): RpcFailure {
  return status === 429 ? 'rate_limited' : 'http_error';
}

function errorFailure(code: number | null): RpcFailure {
  return code === LIMIT_EXCEEDED ? 'rate_limited' : 'rpc_error';
}
