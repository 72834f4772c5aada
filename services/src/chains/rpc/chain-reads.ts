import {
  CHAINLINK_AGGREGATOR_ABI,
  ERC20_ABI,
  PRICE_CONTROLLER_ABI,
  PRICE_DECIMALS,
  SILVER_FEED_DECIMALS,
  TOKEN_DECIMALS,
  silverGramPrice,
  unitsToNumber,
  type ActiveNetwork,
  type Address,
  type ChainName,
  type TokenName,
} from '@xsd/contracts';
import { Interface } from 'ethers';
import type { CallResult, ChainReader, ContractCall, EndpointAnswer } from './chain-reader.js';
import { encodeBalanceOf, intWord, selector, uintWord } from './multicall-codec.js';

const controller = new Interface(PRICE_CONTROLLER_ABI);
const SELECTORS = {
  XSD: selector(controller, 'xsd_updated_price'),
  BankX: selector(controller, 'bankx_updated_price'),
  latestRoundData: selector(new Interface(CHAINLINK_AGGREGATOR_ABI), 'latestRoundData'),
  totalSupply: selector(new Interface(ERC20_ABI), 'totalSupply'),
} as const;

/** The Chainlink XAG/USD answer: USD per troy ounce, and per gram (ounce / 31.1034768). */
export interface SilverReading {
  readonly ouncePrice: number;
  readonly gramPrice: number;
  readonly roundId: string;
  /** Unix seconds of the round, as the feed says. */
  readonly updatedAt: number;
}

/** What one `aggregate3` on one chain returned. Every part is its own success or failure. */
export interface ChainReading {
  readonly chain: ChainName;
  /** The endpoint that answered (its URL: keep it out of logs and answers). */
  readonly endpoint: string;
  /** The block the whole reading is from. */
  readonly blockNumber: number;
  /** Present when prices were asked for. */
  readonly prices?: Readonly<Record<TokenName, CallResult<number>>>;
  /** Present when prices were asked for on a chain with a silver feed (Ethereum). */
  readonly silver?: CallResult<SilverReading>;
  /** Present when balances were asked for. */
  readonly balances?: Readonly<Record<TokenName, CallResult<number>>>;
  /** Present when supplies were asked for: each token's `totalSupply()` in whole tokens. */
  readonly supplies?: Readonly<Record<TokenName, CallResult<number>>>;
}

export interface ChainReadRequest {
  /** Read both token prices (and the silver feed where the chain has one). */
  readonly prices?: boolean;
  /** Read this address's XSD and BankX balances. */
  readonly balancesOf?: Address;
  /** Read the total supply of XSD and BankX. */
  readonly supplies?: boolean;
}

const priceCall = (network: ActiveNetwork, token: TokenName): ContractCall<number> => ({
  label: `${token} price`,
  target: network.priceController,
  callData: SELECTORS[token],
  decode: (data) => unitsToNumber(uintWord(data), PRICE_DECIMALS),
});

const silverCall = (feed: Address): ContractCall<SilverReading> => ({
  label: 'silver feed',
  target: feed,
  callData: SELECTORS.latestRoundData,
  decode: (data) => {
    // (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    uintWord(data, 4); // all five words must be there
    const ouncePrice = unitsToNumber(intWord(data, 1), SILVER_FEED_DECIMALS);
    return {
      ouncePrice,
      gramPrice: silverGramPrice(ouncePrice),
      roundId: uintWord(data, 0).toString(),
      updatedAt: Number(uintWord(data, 3)),
    };
  },
});

const balanceCall = (network: ActiveNetwork, token: TokenName, owner: Address): ContractCall<number> => ({
  label: `${token} balance`,
  target: network.tokens[token],
  callData: encodeBalanceOf(owner),
  decode: (data) => unitsToNumber(uintWord(data), TOKEN_DECIMALS),
});

const supplyCall = (network: ActiveNetwork, token: TokenName): ContractCall<number> => ({
  label: `${token} supply`,
  target: network.tokens[token],
  callData: SELECTORS.totalSupply,
  decode: (data) => unitsToNumber(uintWord(data), TOKEN_DECIMALS),
});

/** The calls of a request, and how to read their results back into a ChainReading. */
function callsFor(network: ActiveNetwork, request: ChainReadRequest) {
  const calls: ContractCall<unknown>[] = [];
  const slots: { prices?: number; silver?: number; balances?: number; supplies?: number } = {};
  if (request.prices) {
    slots.prices = calls.length;
    calls.push(priceCall(network, 'XSD'), priceCall(network, 'BankX'));
    if (network.silverFeed) {
      slots.silver = calls.length;
      calls.push(silverCall(network.silverFeed));
    }
  }
  if (request.balancesOf) {
    slots.balances = calls.length;
    calls.push(balanceCall(network, 'XSD', request.balancesOf), balanceCall(network, 'BankX', request.balancesOf));
  }
  if (request.supplies) {
    slots.supplies = calls.length;
    calls.push(supplyCall(network, 'XSD'), supplyCall(network, 'BankX'));
  }
  const reading = (endpoint: string, blockNumber: number, results: CallResult<unknown>[]): ChainReading => {
    const pair = (at: number) => ({ XSD: results[at] as CallResult<number>, BankX: results[at + 1] as CallResult<number> });
    return {
      chain: network.name,
      endpoint,
      blockNumber,
      ...(slots.prices !== undefined ? { prices: pair(slots.prices) } : {}),
      ...(slots.silver !== undefined ? { silver: results[slots.silver] as CallResult<SilverReading> } : {}),
      ...(slots.balances !== undefined ? { balances: pair(slots.balances) } : {}),
      ...(slots.supplies !== undefined ? { supplies: pair(slots.supplies) } : {}),
    };
  };
  return { calls, reading };
}

/**
 * Reads what is asked of one chain with exactly one Multicall3 `aggregate3` (one `eth_call`):
 * both token prices from the price controller and, on the chain with the feed, the silver price;
 * both total supplies; and/or both balances of an address; with the block number and chain id
 * the reader judges the answer by. Rejects with ChainUnavailableError only when no endpoint
 * answered right.
 */
export async function readChain(reader: ChainReader, network: ActiveNetwork, request: ChainReadRequest): Promise<ChainReading> {
  const { calls, reading } = callsFor(network, request);
  const answer = await reader.aggregate3(calls);
  return reading(answer.endpoint, answer.blockNumber, answer.results as CallResult<unknown>[]);
}

/** The same reading asked of every other endpoint that may be asked now, for a second opinion. */
export async function readChainElsewhere(
  reader: ChainReader,
  network: ActiveNetwork,
  request: ChainReadRequest,
  except: string,
): Promise<{ readonly readings: ChainReading[]; readonly failures: readonly string[] }> {
  const { calls, reading } = callsFor(network, request);
  const answers: EndpointAnswer<ContractCall<unknown>[]>[] = await reader.aggregate3Elsewhere(calls, except);
  return {
    readings: answers.flatMap((a) => (a.ok ? [reading(a.endpoint, a.blockNumber, a.results as CallResult<unknown>[])] : [])),
    failures: answers.flatMap((a) => (a.ok ? [] : [a.error])),
  };
}
