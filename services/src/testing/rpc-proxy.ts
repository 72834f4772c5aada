import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { CHAINLINK_AGGREGATOR_ABI, MULTICALL3_ABI, PRICE_CONTROLLER_ABI } from '@xsd/contracts';
import { AbiCoder, Interface } from 'ethers';

/**
 * How the endpoint behaves, switchable at run time. Each is a way public RPC endpoints fail:
 * loudly (`hang`, `rate_limited`, `server_error`, `rpc_error`, `close`, `truncated`), or quietly
 * with a successful answer that is wrong (`empty`, `garbage`, `wrong_chain`, `lagging`, `scaled`).
 */
export type RpcBehaviour =
  | { readonly kind: 'pass' }
  /** Answers after this much more time. */
  | { readonly kind: 'latency'; readonly ms: number }
  /** Never answers (the connection stays open until the client gives up). */
  | { readonly kind: 'hang' }
  /** 429 with `Retry-After: seconds`. */
  | { readonly kind: 'rate_limited'; readonly retryAfterSeconds: number }
  /** 503 with an HTML page, as a load balancer in front of a dead node answers. */
  | { readonly kind: 'server_error' }
  /** 200 with a JSON-RPC error object. */
  | { readonly kind: 'rpc_error' }
  /** Drops the connection without an answer. */
  | { readonly kind: 'close' }
  /** Every `eth_call` answers `"0x"`. */
  | { readonly kind: 'empty' }
  /** Every `eth_call` answers hex that decodes to nothing sensible. */
  | { readonly kind: 'garbage' }
  /** The right answer cut in half: not JSON. */
  | { readonly kind: 'truncated' }
  /** Forwards to another chain's node. */
  | { readonly kind: 'wrong_chain'; readonly target: string }
  /** Answers from `blocks` behind the node's head, as a node that is still syncing. */
  | { readonly kind: 'lagging'; readonly blocks: number }
  /** Price answers (the controller's and the silver feed's) multiplied by `factor`. */
  | { readonly kind: 'scaled'; readonly factor: number };

export interface RpcProxyOptions {
  /** Added before each request is forwarded (the benchmark's simulated network latency). */
  readonly delayMs?: number;
  readonly behaviour?: RpcBehaviour;
}

/** A JSON-RPC endpoint in front of a real node that counts requests and misbehaves on demand. */
export interface RpcProxy {
  readonly url: string;
  readonly port: number;
  /** HTTP requests received (a JSON-RPC batch counts once). */
  readonly requests: number;
  /** JSON-RPC methods received, in order. */
  readonly methods: readonly string[];
  readonly behaviour: RpcBehaviour;
  /** From now on the endpoint behaves so; open hanging requests are released. */
  behave(behaviour: RpcBehaviour): void;
  reset(): void;
  /** Stops listening and drops open connections: the endpoint is dead from now on. */
  close(): Promise<void>;
}

interface JsonRpcRequest {
  readonly id?: unknown;
  readonly method?: string;
  readonly params?: unknown[];
}

const multicall = new Interface(MULTICALL3_ABI);
const controller = new Interface(PRICE_CONTROLLER_ABI);
const feed = new Interface(CHAINLINK_AGGREGATOR_ABI);
const PRICE_SELECTORS = new Set(['xsd_updated_price', 'bankx_updated_price'].map((name) => controller.getFunction(name)!.selector));
const FEED_SELECTOR = feed.getFunction('latestRoundData')!.selector;
const coder = AbiCoder.defaultAbiCoder();

/**
 * Starts an HTTP proxy on 127.0.0.1 (random port) forwarding every POST to `target`, behaving as
 * told. Tests use it to kill one endpoint of a chain, to count RPC calls, to add latency, and to
 * play every way an endpoint misbehaves.
 */
export async function startRpcProxy(target: string, options: RpcProxyOptions = {}): Promise<RpcProxy> {
  let requests = 0;
  let methods: string[] = [];
  let behaviour: RpcBehaviour = options.behaviour ?? { kind: 'pass' };
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  const server: Server = createServer(async (request, response) => {
    requests += 1;
    try {
      const body = await readBody(request);
      const parsed = parse(body);
      methods.push(...(parsed ?? [{ method: '?' }]).map((m) => m.method ?? '?'));
      if (options.delayMs) await delay(options.delayMs);
      const mode = behaviour;
      switch (mode.kind) {
        case 'hang':
          hanging.add(response);
          response.on('close', () => hanging.delete(response));
          return;
        case 'close':
          request.socket.destroy();
          return;
        case 'rate_limited':
          return send(response, 429, JSON.stringify({ jsonrpc: '2.0', id: parsed?.[0]?.id ?? null, error: { code: -32005, message: 'rate limited' } }), {
            'retry-after': String(mode.retryAfterSeconds),
          });
        case 'server_error':
          return send(response, 503, '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>', { 'content-type': 'text/html' });
        case 'rpc_error':
          return send(response, 200, JSON.stringify({ jsonrpc: '2.0', id: parsed?.[0]?.id ?? null, error: { code: -32000, message: 'header not found' } }));
        case 'latency':
          await delay(mode.ms);
          break;
        default:
          break;
      }
      const upstream = mode.kind === 'wrong_chain' ? mode.target : target;
      const lag = mode.kind === 'lagging' && parsed ? await lagBehind(target, parsed, mode.blocks, body) : null;
      const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: lag?.body ?? body });
      let text = await answer.text();
      if (parsed && answer.ok) text = rewriteAnswer(mode, parsed, text, lag?.block ?? null);
      if (mode.kind === 'truncated') text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
      send(response, answer.status, text);
    } catch (error) {
      send(response, 502, error instanceof Error ? error.message : String(error), { 'content-type': 'text/plain' });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
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
    get behaviour() {
      return behaviour;
    },
    behave(next) {
      behaviour = next;
      for (const response of hanging) response.socket?.destroy();
      hanging.clear();
    },
    reset() {
      requests = 0;
      methods = [];
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The requests of a body, a batch or one; null when it is not JSON. */
function parse(body: string): JsonRpcRequest[] | null {
  try {
    const parsed = JSON.parse(body) as JsonRpcRequest | JsonRpcRequest[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return null;
  }
}

/** The same requests asked at head − blocks: `eth_call` at that block; `eth_blockNumber` is answered with it. */
async function lagBehind(target: string, requests: JsonRpcRequest[], blocks: number, body: string): Promise<{ body: string; block: string }> {
  const head = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }),
  }).then(async (r) => Number(((await r.json()) as { result: string }).result));
  const block = `0x${Math.max(0, head - blocks).toString(16)}`;
  const moved = requests.map((r) => (r.method === 'eth_call' && r.params ? { ...r, params: [r.params[0], block] } : r));
  return { body: JSON.stringify(Array.isArray(JSON.parse(body)) ? moved : moved[0]), block };
}

/** The quiet lies: answers that are JSON-RPC successes, but wrong. */
function rewriteAnswer(mode: RpcBehaviour, requests: JsonRpcRequest[], text: string, laggingBlock: string | null): string {
  if (!['empty', 'garbage', 'scaled', 'lagging'].includes(mode.kind)) return text;
  let parsed: { id?: unknown; result?: unknown }[] | { id?: unknown; result?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return text;
  }
  const answers = Array.isArray(parsed) ? parsed : [parsed];
  const rewritten = answers.map((answer) => {
    const asked = requests.find((r) => r.id === answer.id);
    if (!asked || typeof answer.result !== 'string') return answer;
    if (laggingBlock && asked.method === 'eth_blockNumber') return { ...answer, result: laggingBlock };
    if (asked.method !== 'eth_call') return answer;
    if (mode.kind === 'empty') return { ...answer, result: '0x' };
    if (mode.kind === 'garbage') return { ...answer, result: `0x${'5a'.repeat(37)}` };
    if (mode.kind === 'scaled') return { ...answer, result: scalePrices(asked, answer.result, mode.factor) };
    return answer;
  });
  return JSON.stringify(Array.isArray(parsed) ? rewritten : rewritten[0]);
}

/** An `aggregate3` answer with each price call's value multiplied: the controller's and the feed's. */
function scalePrices(request: JsonRpcRequest, result: string, factor: number): string {
  const call = request.params?.[0] as { data?: string } | undefined;
  if (!call?.data?.startsWith(multicall.getFunction('aggregate3')!.selector)) return result;
  const [calls] = multicall.decodeFunctionData('aggregate3', call.data) as unknown as [{ callData: string }[]];
  const [answers] = multicall.decodeFunctionResult('aggregate3', result) as unknown as [{ success: boolean; returnData: string }[]];
  const scaled = answers.map((answer, i) => {
    const selector = calls[i].callData.slice(0, 10);
    if (!answer.success || answer.returnData === '0x') return [answer.success, answer.returnData];
    if (PRICE_SELECTORS.has(selector)) {
      const [price] = coder.decode(['uint256'], answer.returnData) as unknown as [bigint];
      return [true, coder.encode(['uint256'], [price * BigInt(factor)])];
    }
    if (selector === FEED_SELECTOR) {
      const words = coder.decode(['uint80', 'int256', 'uint256', 'uint256', 'uint80'], answer.returnData).toArray() as bigint[];
      words[1] *= BigInt(factor);
      return [true, coder.encode(['uint80', 'int256', 'uint256', 'uint256', 'uint80'], words)];
    }
    return [answer.success, answer.returnData];
  });
  return multicall.encodeFunctionResult('aggregate3', [scaled]);
}
