import { MULTICALL3_ABI, type Address, type ChainName } from '@xsd/contracts';
import type { EndpointHealth } from '@xsd/contracts/api/health';
import { Interface } from 'ethers';
import type { Metrics } from '../../metrics/metrics.js';
import { backoffDelay, realSleep, type Sleep } from './backoff.js';
import { RpcError, rpcBatch, rpcRequest, type RpcFailure } from './json-rpc.js';
import { decodeAggregate3, encodeAggregate3, selector, uintWord } from './multicall-codec.js';
import { RpcEndpoint, type RestPolicy } from './rpc-endpoint.js';

/**
 * The chain-read policy. The spec's 10 s time-out, and its 3 retries with back-off 1 s doubled
 * up to 8 s for a chain with one endpoint; a chain with several asks each endpoint at most once
 * per read and rests the ones that failed (`rest`), so an outage costs one call per endpoint.
 */
export interface ChainReaderOptions {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  readonly sleep: Sleep;
  readonly fetch?: typeof fetch;
  /** How long an endpoint that failed rests before it is asked again (one of several endpoints). */
  readonly rest: RestPolicy;
  /** How long an endpoint found on another chain stays disabled before it is checked again. */
  readonly wrongChainRestMs: number;
  /** Blocks an answer may be behind the best head seen on the chain; default about 10 s of blocks. */
  readonly headMarginBlocks?: number;
  /** Milliseconds since the epoch; rests are measured with it. */
  readonly clock: () => number;
}

export const DEFAULT_CHAIN_READER_OPTIONS: ChainReaderOptions = {
  timeoutMs: 10_000,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffMaxMs: 8_000,
  sleep: realSleep,
  rest: { baseMs: 1_000, maxMs: 5 * 60_000, retryAfterMaxMs: 60 * 60_000 },
  wrongChainRestMs: 5 * 60_000,
  clock: () => Date.now(),
};

/** Blocks in about 10 s on each chain: nodes that far apart are in step, further is lagging. */
const HEAD_MARGIN_BLOCKS: Readonly<Record<ChainName, number>> = {
  Ethereum: 2,
  BSC: 10,
  Arbitrum: 40,
  Polygon: 5,
  Optimism: 5,
  Base: 5,
  Avalanche: 5,
  Pulsechain: 2,
};

/** One read of a contract, to be batched into a Multicall3 `aggregate3`. */
export interface ContractCall<T> {
  /** What the call reads, for error messages: 'XSD price', 'BankX balance'. */
  readonly label: string;
  readonly target: Address;
  readonly callData: string;
  /** Turns the call's return data into a value; throws when the data does not decode. */
  readonly decode: (returnData: string) => T;
}

/** A call inside a batch either answered, or failed on its own (reverted, no contract, bad data). */
export type CallResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

type CallValue<C> = C extends ContractCall<infer T> ? T : never;
export type CallResults<C extends readonly ContractCall<unknown>[]> = { -readonly [K in keyof C]: CallResult<CallValue<C[K]>> };

/** A judged answer: the endpoint's URL, the block it answered from, and each call's result. */
export interface Aggregate3Answer<C extends readonly ContractCall<unknown>[]> {
  readonly endpoint: string;
  readonly blockNumber: number;
  readonly results: CallResults<C>;
}

/** What one endpoint said when asked beside another: a judged answer, or why it had none. */
export type EndpointAnswer<C extends readonly ContractCall<unknown>[]> =
  | ({ readonly ok: true } & Aggregate3Answer<C>)
  | { readonly ok: false; readonly endpoint: string; readonly error: string };

/** Every endpoint of a chain failed, or none could be asked. */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
  constructor(
    readonly chain: ChainName,
    readonly attempts: number,
    readonly errors: readonly string[],
  ) {
    super(`${chain}: every RPC endpoint failed (${attempts} attempts); last: ${errors.at(-1) ?? 'no endpoint configured'}`);
  }
}

/** The part of a network entry a reader needs. */
export interface ReadableNetwork {
  readonly name: ChainName;
  readonly chainId: number;
  readonly rpcUrls: readonly string[];
  readonly multicall3: Address | null;
}

/**
 * Why an answer that came back cannot be believed: `0x` or nothing, not what was asked for, from
 * another chain, or from a block behind the best known head.
 */
type WrongAnswerReason = 'empty' | 'undecodable' | 'wrong_chain' | 'lagging';

/**
 * What one request to an endpoint came to, as the RPC metrics count it: `ok`, or why it was
 * judged failed (a transport failure or a wrong answer). A fixed set: never an error's text.
 */
export type RpcOutcome = 'ok' | RpcFailure | WrongAnswerReason;

/** An answer that came back but cannot be believed; the endpoint is judged by `reason`. */
class WrongAnswer extends Error {
  constructor(
    readonly reason: WrongAnswerReason,
    message: string,
  ) {
    super(message);
  }
}

const multicall = new Interface(MULTICALL3_ABI);
const GET_BLOCK_NUMBER = selector(multicall, 'getBlockNumber');
const GET_CHAIN_ID = selector(multicall, 'getChainId');

/**
 * Reads one chain through its RPC endpoints. Every read is one `eth_call` (a Multicall3
 * `aggregate3` with `allowFailure` per call) that also asks Multicall3 for the chain id and the
 * block number, so each answer is judged where it arrives: empty, undecodable, from another
 * chain or from a block behind the best known head, it is that endpoint's failure and the next
 * endpoint is asked in the same read. The endpoint that last answered correctly is asked first;
 * one that failed rests (doubling, `Retry-After` honoured) and is never preferred again until it
 * answers correctly.
 */
export class ChainReader {
  readonly options: ChainReaderOptions;
  readonly endpoints: readonly RpcEndpoint[];
  private preferred = 0;
  private bestHead = 0;
  private firstCheck: Promise<void> | null = null;

  constructor(
    readonly network: ReadableNetwork,
    options: Partial<ChainReaderOptions> = {},
    /** Where each request's outcome and duration are counted; null for a reader outside an application. */
    private readonly metrics: Metrics | null = null,
  ) {
    this.options = { ...DEFAULT_CHAIN_READER_OPTIONS, ...options };
    this.endpoints = network.rpcUrls.map((url) => new RpcEndpoint(url));
  }

  get chain(): ChainName {
    return this.network.name;
  }

  /** The newest block any endpoint of this chain answered from. */
  get head(): number {
    return this.bestHead;
  }

  private get headMargin(): number {
    return this.options.headMarginBlocks ?? HEAD_MARGIN_BLOCKS[this.chain];
  }

  /** Each endpoint's state, for health. */
  health(): EndpointHealth[] {
    const now = this.options.clock();
    return this.endpoints.map((endpoint) => endpoint.health(now));
  }

  /** When the first resting endpoint may be asked again (ms since the epoch); now if one may be asked now. */
  nextUsableAt(): number {
    return Math.min(...this.endpoints.map((e) => e.restingUntil), Infinity);
  }

  /** The calls in one `aggregate3`, from the first endpoint whose answer is judged right. */
  async aggregate3<const C extends readonly ContractCall<unknown>[]>(calls: C): Promise<Aggregate3Answer<C>> {
    const data = this.encode(calls);
    return this.fallback((endpoint) => this.askAggregate3(endpoint, data, calls));
  }

  /**
   * The same calls asked of every other endpoint that may be asked now, once each and in
   * parallel: for a second opinion on a surprising answer. Each answer is judged as in a read.
   */
  async aggregate3Elsewhere<const C extends readonly ContractCall<unknown>[]>(calls: C, except: string): Promise<EndpointAnswer<C>[]> {
    const data = this.encode(calls);
    const now = this.options.clock();
    const others = this.endpoints.filter((e) => e.url !== except && e.usable(now));
    return Promise.all(
      others.map(async (endpoint): Promise<EndpointAnswer<C>> => {
        try {
          return { ok: true, ...(await this.measured(endpoint, () => this.askAggregate3(endpoint, data, calls))) };
        } catch (error) {
          this.judgeFailure(endpoint, error);
          return { ok: false, endpoint: endpoint.url, error: messageOf(error) };
        }
      }),
    );
  }

  /**
   * An answer outvoted by other endpoints: the endpoint rests like one that failed, and is no
   * longer the one asked first (the next one that answered right is).
   */
  demote(url: string, reason: string): void {
    const index = this.endpoints.findIndex((e) => e.url === url);
    if (index < 0) return;
    this.endpoints[index].failed('demoted', reason, this.options.clock(), this.restPolicy(), null);
    if (this.preferred === index) {
      const trusted = this.endpoints.findIndex((e) => e.state === 'ok');
      this.preferred = trusted >= 0 ? trusted : (index + 1) % this.endpoints.length;
    }
  }

  /**
   * Asks every endpoint (that is not resting for another reason) its chain id and head in one
   * batched request each: one on another chain is disabled, one behind the others is lagging,
   * the rest tell the best known head. Only for chains with several endpoints: a lone endpoint's
   * reads carry their chain id already, and it has nobody to lag behind.
   */
  async checkEndpoints(): Promise<void> {
    if (this.endpoints.length < 2) return;
    const now = this.options.clock();
    const heads = await Promise.all(
      this.endpoints
        .filter((e) => e.usable(now) || e.state === 'wrong_chain')
        .map(async (endpoint) => {
          const started = performance.now();
          try {
            const [chainId, blockNumber] = await rpcBatch(
              endpoint.url,
              [
                { method: 'eth_chainId', params: [] },
                { method: 'eth_blockNumber', params: [] },
              ],
              { timeoutMs: this.options.timeoutMs, fetch: this.options.fetch },
            );
            const id = hexNumber(chainId, 'chain id');
            if (id !== this.network.chainId) throw new WrongAnswer('wrong_chain', wrongChainReason(id, this.network.chainId));
            const head = hexNumber(blockNumber, 'block number');
            endpoint.checked(head);
            return { endpoint, head, started };
          } catch (error) {
            this.judgeFailure(endpoint, error);
            this.observe(endpoint, started, outcomeOf(error));
            return null;
          }
        }),
    );
    for (const seen of heads) if (seen) this.bestHead = Math.max(this.bestHead, seen.head);
    for (const seen of heads) {
      if (!seen) continue;
      // Counted once judged: an answer behind the others is the endpoint's failure, not an `ok`.
      const lagging = seen.head < this.bestHead - this.headMargin;
      if (lagging) seen.endpoint.failed('lagging', this.lagReason(seen.head), this.options.clock(), this.restPolicy(), null);
      this.observe(seen.endpoint, seen.started, lagging ? 'lagging' : 'ok');
    }
  }

  /** The first check, once: endpoints are known (chain id, head) before their answers are trusted. */
  checkedOnce(): Promise<void> {
    return (this.firstCheck ??= this.checkEndpoints());
  }

  /** Any JSON-RPC request with the fallback and retry policy; only transport and JSON-RPC errors are judged. */
  async request<T>(method: string, params: readonly unknown[]): Promise<T> {
    return this.fallback((endpoint) =>
      rpcRequest<T>(endpoint.url, method, params, { timeoutMs: this.options.timeoutMs, fetch: this.options.fetch }),
    );
  }

  private encode(calls: readonly ContractCall<unknown>[]): string {
    const target = this.network.multicall3;
    if (!target) throw new ChainUnavailableError(this.chain, 0, ['no Multicall3 address configured']);
    const probes = [GET_BLOCK_NUMBER, GET_CHAIN_ID].map((callData) => ({ target, allowFailure: true, callData }));
    return encodeAggregate3([...probes, ...calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.callData }))]);
  }

  private async askAggregate3<const C extends readonly ContractCall<unknown>[]>(
    endpoint: RpcEndpoint,
    data: string,
    calls: C,
  ): Promise<Aggregate3Answer<C>> {
    const raw = await rpcRequest<string>(endpoint.url, 'eth_call', [{ to: this.network.multicall3, data }, 'latest'], {
      timeoutMs: this.options.timeoutMs,
      fetch: this.options.fetch,
    });
    if (typeof raw !== 'string' || raw === '0x' || raw === '') throw new WrongAnswer('empty', 'undecodable aggregate3 answer: empty answer');
    let answers: { success: boolean; returnData: string }[];
    try {
      answers = decodeAggregate3(raw);
    } catch (error) {
      throw new WrongAnswer('undecodable', `undecodable aggregate3 answer: ${messageOf(error)}`);
    }
    if (answers.length !== calls.length + 2) {
      throw new WrongAnswer('undecodable', `aggregate3 answered ${answers.length - 2} of ${calls.length} calls`);
    }
    const [block, chain, ...rest] = answers;
    const chainId = probeWord(chain, 'chain id');
    if (chainId !== this.network.chainId) throw new WrongAnswer('wrong_chain', wrongChainReason(chainId, this.network.chainId));
    const blockNumber = probeWord(block, 'block number');
    if (blockNumber < this.bestHead - this.headMargin) throw new WrongAnswer('lagging', this.lagReason(blockNumber));
    this.bestHead = Math.max(this.bestHead, blockNumber);
    endpoint.answered(blockNumber);
    return { endpoint: endpoint.url, blockNumber, results: calls.map((call, i) => settle(call, rest[i])) as CallResults<C> };
  }

  /**
   * Asks endpoints in order until one is right: with several endpoints each usable one once
   * (the last right one first), with one endpoint the spec's retries and back-off.
   */
  private async fallback<T>(ask: (endpoint: RpcEndpoint) => Promise<T>): Promise<T> {
    if (this.endpoints.length === 0) throw new ChainUnavailableError(this.chain, 0, []);
    if (this.endpoints.length === 1) return this.retryAlone(this.endpoints[0], ask);
    const now = this.options.clock();
    const order = [this.preferred, ...this.endpoints.keys()].filter((index, at, all) => all.indexOf(index) === at);
    const usable = order.filter((index) => this.endpoints[index].usable(now));
    if (usable.length === 0) throw new ChainUnavailableError(this.chain, 0, [this.restingReason(now)]);
    const errors: string[] = [];
    for (const index of usable) {
      const endpoint = this.endpoints[index];
      try {
        const result = await this.measured(endpoint, () => ask(endpoint));
        this.preferred = index;
        return result;
      } catch (error) {
        this.judgeFailure(endpoint, error);
        errors.push(`${endpoint.label}: ${messageOf(error)}`);
      }
    }
    throw new ChainUnavailableError(this.chain, usable.length, errors);
  }

  /** One endpoint: the spec's retries with back-off, stopping early when it asked to wait longer. */
  private async retryAlone<T>(endpoint: RpcEndpoint, ask: (endpoint: RpcEndpoint) => Promise<T>): Promise<T> {
    const { retries, backoffBaseMs, backoffMaxMs, sleep } = this.options;
    if (!endpoint.usable(this.options.clock())) {
      throw new ChainUnavailableError(this.chain, 0, [this.restingReason(this.options.clock())]);
    }
    const errors: string[] = [];
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        return await this.measured(endpoint, () => ask(endpoint));
      } catch (error) {
        this.judgeFailure(endpoint, error);
        errors.push(`${endpoint.label}: ${messageOf(error)}`);
        if (!endpoint.usable(this.options.clock())) return this.gaveUp(attempt + 1, errors);
      }
      if (attempt < retries) await sleep(backoffDelay(attempt, backoffBaseMs, backoffMaxMs));
    }
    return this.gaveUp(retries + 1, errors);
  }

  private gaveUp(attempts: number, errors: string[]): never {
    throw new ChainUnavailableError(this.chain, attempts, errors);
  }

  /** One request to an endpoint, timed, and counted by what it came to. */
  private async measured<T>(endpoint: RpcEndpoint, ask: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await ask();
      this.observe(endpoint, started, 'ok');
      return result;
    } catch (error) {
      this.observe(endpoint, started, outcomeOf(error));
      throw error;
    }
  }

  /** Labelled by the endpoint's masked URL (scheme and host, as /api/health shows it): never a path or query, where keys live. */
  private observe(endpoint: RpcEndpoint, started: number, outcome: RpcOutcome): void {
    if (!this.metrics) return;
    const labels = { chain: this.chain, endpoint: endpoint.label };
    this.metrics.ingestorRpcRequests.inc({ ...labels, outcome });
    this.metrics.ingestorRpcDuration.observe(labels, (performance.now() - started) / 1000);
  }

  /** Files a failed ask under its endpoint: wrong chain, lagging, or failed (resting per the policy). */
  private judgeFailure(endpoint: RpcEndpoint, error: unknown): void {
    const now = this.options.clock();
    if (error instanceof WrongAnswer && error.reason === 'wrong_chain') {
      endpoint.wrongChain(error.message, now + this.options.wrongChainRestMs);
      return;
    }
    const lagging = error instanceof WrongAnswer && error.reason === 'lagging';
    const retryAfter = error instanceof RpcError ? error.retryAfterMs : null;
    endpoint.failed(lagging ? 'lagging' : 'demoted', messageOf(error), now, this.restPolicy(), retryAfter);
  }

  /** A lone endpoint does not rest after a failure (its retries are the spec's), only when it asks to. */
  private restPolicy(): RestPolicy | null {
    return this.endpoints.length > 1 ? this.options.rest : null;
  }

  private lagReason(block: number): string {
    return `lagging: block ${block} is ${this.bestHead - block} behind the best known head ${this.bestHead}`;
  }

  private restingReason(now: number): string {
    const resting = this.endpoints.map((e) => {
      const { reason, restingUntil } = e.health(now);
      return `${e.label} resting until ${restingUntil ?? 'now'}${reason ? ` (${reason})` : ''}`;
    });
    return `no endpoint may be asked now: ${resting.join('; ')}`;
  }
}

function settle<T>(call: ContractCall<T>, answer: { success: boolean; returnData: string }): CallResult<T> {
  if (!answer.success) return { ok: false, error: `${call.label}: call reverted` };
  if (answer.returnData === '0x') return { ok: false, error: `${call.label}: empty answer (no contract at ${call.target}?)` };
  try {
    return { ok: true, value: call.decode(answer.returnData) };
  } catch (error) {
    return { ok: false, error: `${call.label}: undecodable answer (${messageOf(error)})` };
  }
}

/** Multicall3's own answer (block number, chain id): a failure here is the endpoint's. */
function probeWord(answer: { success: boolean; returnData: string }, what: string): number {
  if (!answer.success) throw new WrongAnswer('undecodable', `Multicall3 did not answer its ${what}`);
  try {
    return Number(uintWord(answer.returnData));
  } catch (error) {
    throw new WrongAnswer('undecodable', `undecodable ${what}: ${messageOf(error)}`);
  }
}

function hexNumber(value: unknown, what: string): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new WrongAnswer('undecodable', `undecodable ${what}`);
  return Number(BigInt(value));
}

/** A failed request's outcome label; anything not judged here (a bug, say) counts as undecodable. */
function outcomeOf(error: unknown): RpcOutcome {
  if (error instanceof WrongAnswer) return error.reason;
  if (error instanceof RpcError) return error.failure;
  return 'undecodable';
}

function wrongChainReason(found: number, expected: number): string {
  return `wrong chain: serves chain id ${found}, not ${expected}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
