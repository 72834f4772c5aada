import { describe, expect, it } from 'vitest';
import { parseChainName, parseTokenName, unknownChainMessage, unknownTokenMessage } from './names.js';

describe('parseTokenName and parseChainName', () => {
  it('read any case and surrounding blanks', () => {
    expect(['xsd', 'XSD', 'BANKX', ' bankx ', 'BankX'].map(parseTokenName)).toEqual(['XSD', 'XSD', 'BankX', 'BankX', 'BankX']);
    expect(['ethereum', 'BSC', 'bsc', ' Base ', 'PULSECHAIN'].map(parseChainName)).toEqual(['Ethereum', 'BSC', 'BSC', 'Base', 'Pulsechain']);
  });

  it('answer null for anything else', () => {
    expect(['', 'xsd2', 'Bank X', 'BTC'].map(parseTokenName)).toEqual([null, null, null, null]);
    expect(['', 'Solana', 'eth'].map(parseChainName)).toEqual([null, null, null]);
  });

  it('name the expected values when a name is unknown', () => {
    expect(unknownTokenMessage('BTC')).toBe("Unknown token 'BTC': expected XSD or BankX");
    expect(unknownChainMessage('eth')).toBe(
      "Unknown network 'eth': expected one of Ethereum, BSC, Arbitrum, Polygon, Optimism, Base, Avalanche, Pulsechain",
    );
  });
});
