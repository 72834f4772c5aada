import { describe, expect, it } from 'vitest';
import { parseNetworkOverrides } from './network-overrides.js';
import { activeNetworks, resolveNetworks } from './profiles.js';

const XSD = '0x1111111111111111111111111111111111111111';
const BANKX = '0x2222222222222222222222222222222222222222';
const CONTROLLER = '0x3333333333333333333333333333333333333333';

describe('parseNetworkOverrides', () => {
  it('given addresses for another chain, then the mainnet profile counts it active', () => {
    const overrides = parseNetworkOverrides({ Arbitrum: { tokens: { XSD, BankX: BANKX }, priceController: CONTROLLER } });

    const networks = resolveNetworks('mainnet', { overrides });

    expect(activeNetworks(networks).map((network) => network.name)).toEqual(['Ethereum', 'BSC', 'Arbitrum']);
    expect(networks.find((network) => network.name === 'Arbitrum')).toMatchObject({ tokens: { XSD, BankX: BANKX }, priceController: CONTROLLER });
  });

  it('given an operator RPC endpoint, then it replaces the public ones', () => {
    const overrides = parseNetworkOverrides({ Ethereum: { rpcUrls: ['https://eth.example.test/key'] } });

    expect(resolveNetworks('mainnet', { overrides })[0].rpcUrls).toEqual(['https://eth.example.test/key']);
  });

  it('names every wrong field', () => {
    const parse = () =>
      parseNetworkOverrides({ Arbitrum: { tokens: { XSD: '0x12' } }, Solana: {}, Base: { rpcUrls: ['ftp://x'] } });

    expect(parse).toThrow('Arbitrum.tokens.XSD: must be a 0x address of 40 hex digits');
    expect(parse).toThrow('Base.rpcUrls.0: Invalid URL');
    expect(parse).toThrow('(root): Unrecognized key: "Solana"');
  });

  it('refuses an unknown field instead of ignoring a typo', () => {
    expect(() => parseNetworkOverrides({ Base: { priceControler: CONTROLLER } })).toThrow(/Base: Unrecognized key/);
  });
});
