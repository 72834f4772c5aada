import { Interface } from 'ethers';
import { ERC20_ABI, MULTICALL3_ABI } from '@xsd/contracts';

/**
 * A small exact codec for the few ABI shapes the chain reads use, because ethers' general coder
 * costs about a millisecond per `aggregate3` and a wallet scan would spend more time encoding than
 * the chains spend answering. Checked against ethers in `multicall-codec.unit.spec.ts`.
 */

const WORD = 64; // hex characters in one 32-byte word

export interface Call3 {
  readonly target: string;
  readonly allowFailure: boolean;
  readonly callData: string;
}

export interface Call3Result {
  readonly success: boolean;
  readonly returnData: string;
}

const multicall = new Interface(MULTICALL3_ABI);
const erc20 = new Interface(ERC20_ABI);
const AGGREGATE3 = multicall.getFunction('aggregate3')!.selector;
const BALANCE_OF = erc20.getFunction('balanceOf')!.selector;

/** The 4-byte selector of a function of an ABI, e.g. `selector(iface, 'xsd_updated_price')`. */
export function selector(iface: Interface, name: string): string {
  return iface.getFunction(name)!.selector;
}

const word = (value: number | bigint) => value.toString(16).padStart(WORD, '0');
const strip = (hex: string) => (hex.startsWith('0x') ? hex.slice(2) : hex);

function addressWord(address: string): string {
  const hex = strip(address).toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error(`Invalid address ${address}`);
  return hex.padStart(WORD, '0');
}

/** `balanceOf(owner)` call data. */
export function encodeBalanceOf(owner: string): string {
  return `${BALANCE_OF}${addressWord(owner)}`;
}

/** `aggregate3(calls)` call data. */
export function encodeAggregate3(calls: readonly Call3[]): string {
  const tuples = calls.map((call) => {
    const data = strip(call.callData).toLowerCase();
    if (data.length % 2 !== 0 || !/^[0-9a-f]*$/.test(data)) throw new Error(`Invalid call data ${call.callData}`);
    const padded = data.padEnd(Math.ceil(data.length / WORD) * WORD, '0');
    return addressWord(call.target) + word(call.allowFailure ? 1 : 0) + word(96) + word(data.length / 2) + padded;
  });
  let offset = calls.length * 32;
  const offsets = tuples.map((tuple) => {
    const at = offset;
    offset += tuple.length / 2;
    return word(at);
  });
  return `${AGGREGATE3}${word(32)}${word(calls.length)}${offsets.join('')}${tuples.join('')}`;
}

/** Decodes what `aggregate3` returns: `(bool success, bytes returnData)[]`. Throws on malformed data. */
export function decodeAggregate3(returned: string): Call3Result[] {
  const hex = strip(returned);
  const readWord = (byteOffset: number): bigint => {
    const start = byteOffset * 2;
    if (start + WORD > hex.length) throw new Error('aggregate3 answer is too short');
    return BigInt(`0x${hex.slice(start, start + WORD)}`);
  };
  const small = (value: bigint) => {
    if (value > BigInt(hex.length)) throw new Error('aggregate3 answer has an offset out of range');
    return Number(value);
  };
  const arrayAt = small(readWord(0));
  const count = small(readWord(arrayAt));
  const base = arrayAt + 32;
  return Array.from({ length: count }, (_, i) => {
    const tupleAt = base + small(readWord(base + i * 32));
    const success = readWord(tupleAt) !== 0n;
    const bytesAt = tupleAt + small(readWord(tupleAt + 32));
    const length = small(readWord(bytesAt));
    const start = (bytesAt + 32) * 2;
    if (start + length * 2 > hex.length) throw new Error('aggregate3 answer is too short');
    return { success, returnData: `0x${hex.slice(start, start + length * 2)}` };
  });
}

/** The `index`-th 32-byte word of return data as an unsigned integer; throws when it is missing. */
export function uintWord(returnData: string, index = 0): bigint {
  const hex = strip(returnData);
  const start = index * WORD;
  if (hex.length < start + WORD) throw new Error(`expected at least ${index + 1} words, got ${hex.length / 2} bytes`);
  return BigInt(`0x${hex.slice(start, start + WORD)}`);
}

/** The `index`-th word as a signed (two's complement) integer. */
export function intWord(returnData: string, index = 0): bigint {
  return BigInt.asIntN(256, uintWord(returnData, index));
}
