import { ERC20_ABI, MULTICALL3_ABI, PRICE_CONTROLLER_ABI } from '@xsd/contracts';
import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeAggregate3, encodeAggregate3, encodeBalanceOf, intWord, selector, uintWord } from './multicall-codec.js';

const multicall = new Interface(MULTICALL3_ABI);
const erc20 = new Interface(ERC20_ABI);
const controller = new Interface(PRICE_CONTROLLER_ABI);
const OWNER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN = '0x75Cae30025A514b7AE069917E132Cc99762A0e16';

describe('the multicall codec', () => {
  it('encodes balanceOf and selectors as ethers does', () => {
    expect(encodeBalanceOf(OWNER)).toBe(erc20.encodeFunctionData('balanceOf', [OWNER]));
    expect(selector(controller, 'xsd_updated_price')).toBe(controller.encodeFunctionData('xsd_updated_price'));
  });

  it('encodes aggregate3 byte for byte as ethers does', () => {
    const calls = [
      { target: TOKEN, allowFailure: true, callData: encodeBalanceOf(OWNER) },
      { target: OWNER, allowFailure: false, callData: selector(controller, 'bankx_updated_price') },
      { target: TOKEN, allowFailure: true, callData: '0x' },
      { target: TOKEN, allowFailure: true, callData: `0x${'ab'.repeat(70)}` },
    ];
    expect(encodeAggregate3(calls)).toBe(multicall.encodeFunctionData('aggregate3', [calls]));
    expect(encodeAggregate3([])).toBe(multicall.encodeFunctionData('aggregate3', [[]]));
  });

  it('decodes what aggregate3 returns as ethers does', () => {
    const results: [boolean, string][] = [
      [true, `0x${'00'.repeat(31)}2a`],
      [false, '0x'],
      [true, `0x${'12'.repeat(160)}`],
      [true, `0x${'ff'.repeat(33)}`],
    ];
    const encoded = AbiCoder.defaultAbiCoder().encode(['(bool,bytes)[]'], [results]);
    expect(decodeAggregate3(encoded)).toEqual(results.map(([success, returnData]) => ({ success, returnData })));
    expect(() => decodeAggregate3('0x1234')).toThrow(/too short/);
  });

  it('reads unsigned and signed words', () => {
    const data = AbiCoder.defaultAbiCoder().encode(['uint80', 'int256'], [7n, -3_110_000_000n]);
    expect(uintWord(data, 0)).toBe(7n);
    expect(intWord(data, 1)).toBe(-3_110_000_000n);
    expect(() => uintWord('0x', 0)).toThrow(/expected at least 1 words/);
  });
});
