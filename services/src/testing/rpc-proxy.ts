import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

export interface RpcProxyOptions {
  /** Added before each request is forwarded (the benchmark's simulated network latency). */
  readonly delayMs?: number;
}

/** A JSON-RPC endpoint in front of a real node that counts requests and can be killed. */
export interface RpcProxy {
  readonly url: string;
  readonly port: number;
  /** HTTP requests received (a JSON-RPC batch counts once). */
  readonly requests: number;
  /** JSON-RPC methods received, in order. */
  readonly methods: readonly string[];
  reset(): void;
  /** Stops listening and drops open connections: the endpoint is dead from now on. */
  close(): Promise<void>;
}

/**
 * Starts an HTTP proxy on 127.0.0.1 (random port) forwarding every POST to `target`. Tests use it
 * to kill one endpoint of a chain, to count RPC calls, and to add latency.
 */
export async function startRpcProxy(target: string, options: RpcProxyOptions = {}): Promise<RpcProxy> {
  let requests = 0;
  let methods: string[] = [];
  const server: Server = createServer(async (request, response) => {
    requests += 1;
    try {
      const body = await readBody(request);
      methods.push(...methodsOf(body));
      if (options.delayMs) await delay(options.delayMs);
      const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await upstream.text();
      response.writeHead(upstream.status, { 'content-type': 'application/json' });
      response.end(text);
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get requests() {
      return requests;
    },
    get methods() {
      return methods;
    },
    reset() {
      requests = 0;
      methods = [];
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function methodsOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { method?: string } | { method?: string }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((m) => m.method ?? '?');
  } catch {
    return ['?'];
  }
}
