import type { Address, ChainName } from '@xsd/contracts';
import { backoffDelay, realSleep, type Sleep } from './backoff.js';
import { RpcError, rpcRequest } from './json-rpc.js';
import { decodeAggregate3, encodeAggregate3 } from './multicall-codec.js';

/** The spec's chain-read policy: 10 s time-out, 3 retries, back-off 1 s doubled up to 8 s. */
export interface ChainReaderOptions {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  readonly sleep: Sleep;
  readonly fetch?: typeof fetch;
}

export const DEFAULT_CHAIN_READER_OPTIONS: ChainReaderOptions = {
  timeoutMs: 10_000,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffMaxMs: 8_000,
  sleep: realSleep,
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

/** Every endpoint of a chain failed on every attempt. */
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
  readonly rpcUrls: readonly string[];
  readonly multicall3: Address | null;
}

/**
 * Reads one chain through its RPC endpoints in fallback order. Every read is one `eth_call`
 * (a Multicall3 `aggregate3` with `allowFailure` for each call); a failed endpoint passes the
 * read to the next one, and when all have failed the round is retried after a back-off. The
 * endpoint that last answered is tried first next time, so a dead first endpoint costs its
 * time-out once, not on every read.
 */
export class ChainReader {
  readonly options: ChainReaderOptions;
  private preferred = 0;

  constructor(
    readonly network: ReadableNetwork,
    options: Partial<ChainReaderOptions> = {},
  ) {
    this.options = { ...DEFAULT_CHAIN_READER_OPTIONS, ...options };
  }

  get chain(): ChainName {
    return this.network.name;
  }

  /** The calls in one `aggregate3`; the batch fails as a whole only when no endpoint answers. */
  async aggregate3<const C extends readonly ContractCall<unknown>[]>(calls: C): Promise<CallResults<C>> {
    const target = this.network.multicall3;
    if (!target) throw new ChainUnavailableError(this.chain, 0, ['no Multicall3 address configured']);
    const data = encodeAggregate3(calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData })));
    const raw = await this.ethCall(target, data);
    let answers: { success: boolean; returnData: string }[];
    try {
      answers = decodeAggregate3(raw);
    } catch (error) {
      throw new RpcError(this.network.rpcUrls[this.preferred], `undecodable aggregate3 answer: ${(error as Error).message}`);
    }
    if (answers.length !== calls.length) {
      throw new RpcError(this.network.rpcUrls[this.preferred], `aggregate3 answered ${answers.length} of ${calls.length} calls`);
    }
    return calls.map((call, i) => settle(call, answers[i])) as CallResults<C>;
  }

  /** `eth_call` at the latest block, with the fallback and retry policy. */
  async ethCall(to: Address, data: string): Promise<string> {
    return this.request<string>('eth_call', [{ to, data }, 'latest']);
  }

  async request<T>(method: string, params: readonly unknown[]): Promise<T> {
    const urls = this.network.rpcUrls;
    const { retries, timeoutMs, backoffBaseMs, backoffMaxMs, sleep } = this.options;
    const errors: string[] = [];
    if (urls.length === 0) throw new ChainUnavailableError(this.chain, 0, []);
    for (let attempt = 0; attempt <= retries; attempt++) {
      for (let offset = 0; offset < urls.length; offset++) {
        const index = (this.preferred + offset) % urls.length;
        try {
          const result = await rpcRequest<T>(urls[index], method, params, { timeoutMs, fetch: this.options.fetch });
          this.preferred = index;
          return result;
        } catch (error) {
          errors.push(`${urls[index]}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (attempt < retries) await sleep(backoffDelay(attempt, backoffBaseMs, backoffMaxMs));
    }
    throw new ChainUnavailableError(this.chain, retries + 1, errors);
  }
}

function settle<T>(call: ContractCall<T>, answer: { success: boolean; returnData: string }): CallResult<T> {
  if (!answer.success) return { ok: false, error: `${call.label}: call reverted` };
  if (answer.returnData === '0x') return { ok: false, error: `${call.label}: empty answer (no contract at ${call.target}?)` };
  try {
    return { ok: true, value: call.decode(answer.returnData) };
  } catch (error) {
    return { ok: false, error: `${call.label}: undecodable answer (${error instanceof Error ? error.message : String(error)})` };
  }
}
