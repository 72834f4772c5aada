/** A JSON-RPC endpoint answered with an error object, or with something that is not JSON-RPC. */
export class RpcError extends Error {
  override name = 'RpcError';
  constructor(
    readonly url: string,
    message: string,
    readonly code: number | null = null,
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
  { timeoutMs, fetch: fetchImpl = fetch }: RpcRequestOptions,
): Promise<T> {
  const id = nextId++;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') {
      throw new RpcError(url, `no answer within ${timeoutMs} ms`);
    }
    throw new RpcError(url, cause.cause?.code ?? cause.cause?.message ?? cause.message ?? String(error));
  }
  let body: { result?: T; error?: { code?: number; message?: string } };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new RpcError(url, `HTTP ${response.status} without a JSON-RPC answer`);
  }
  if (body.error) throw new RpcError(url, body.error.message ?? 'JSON-RPC error', body.error.code ?? null);
  if (!response.ok) throw new RpcError(url, `HTTP ${response.status}`);
  if (!('result' in body)) throw new RpcError(url, 'JSON-RPC answer without a result');
  return body.result as T;
}
