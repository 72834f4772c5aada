import { describe, expect, it } from 'vitest';
import {
  decodeSnapshot,
  encodeSnapshot,
  portfolioSnapshot,
  SHARE_DATA_MAX_LENGTH,
  shareLink,
  snapshotEntries,
  snapshotJson,
  type PortfolioSnapshot,
} from './portfolio-snapshot.js';
import type { WalletBalanceEntry } from './wallet-values.js';

const entries: WalletBalanceEntry[] = [
  { token: 'XSD', chain: 'Ethereum', balance: 10, price: 2.5, value: 25, pegValue: 24, pegDeviation: 4 },
  { token: 'BankX', chain: 'Base', balance: 250, price: null, value: null },
];
const at = new Date('2026-05-01T10:00:00.000Z');
const snapshot = portfolioSnapshot(entries, 25, at);
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('portfolioSnapshot', () => {
  it('keeps token, chain, balance and value, the total and the time; never an address', () => {
    expect(snapshot).toEqual({
      tokens: [
        { token: 'XSD', chain: 'Ethereum', balance: 10, value: 25 },
        { token: 'BankX', chain: 'Base', balance: 250, value: null },
      ],
      totalValue: 25,
      timestamp: '2026-05-01T10:00:00.000Z',
    });
    expect(snapshotJson(snapshot)).not.toMatch(/0x/);
    expect(JSON.parse(snapshotJson(snapshot))).toEqual(snapshot);
  });

  it('gives balance entries back with prices from value / balance', () => {
    expect(snapshotEntries(snapshot)).toEqual([
      { token: 'XSD', chain: 'Ethereum', balance: 10, value: 25, price: 2.5 },
      { token: 'BankX', chain: 'Base', balance: 250, value: null, price: null },
    ]);
  });
});

describe('share link', () => {
  it('round-trips through the data parameter, URL-safe', () => {
    const data = encodeSnapshot(snapshot);
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSnapshot(data)).toEqual(snapshot);
    const link = new URL(shareLink('https://silverboard.example', snapshot));
    expect(link.pathname).toBe('/wallet-checker');
    expect(decodeSnapshot(link.searchParams.get('data'))).toEqual(snapshot);
  });

  it('a full snapshot (2 tokens on 8 chains) fits the size limit', () => {
    const chains = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche', 'Pulsechain'] as const;
    const full: PortfolioSnapshot = {
      tokens: chains.flatMap((chain) => [
        { token: 'XSD' as const, chain, balance: 123456789.123456789, value: 987654321.987654321 },
        { token: 'BankX' as const, chain, balance: 123456789.123456789, value: 987654321.987654321 },
      ]),
      totalValue: 1e12,
      timestamp: at.toISOString(),
    };
    expect(encodeSnapshot(full).length).toBeLessThan(SHARE_DATA_MAX_LENGTH);
    expect(decodeSnapshot(encodeSnapshot(full))).toEqual(full);
  });

  it('refuses anything that is not a valid snapshot', () => {
    const bad: unknown[] = [
      { ...snapshot, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      { ...snapshot, tokens: [{ ...snapshot.tokens[0], token: 'DOGE' }] },
      { ...snapshot, tokens: [{ ...snapshot.tokens[0], chain: 'Solana' }] },
      { ...snapshot, tokens: [{ ...snapshot.tokens[0], balance: -1 }] },
      { ...snapshot, tokens: [{ ...snapshot.tokens[0], value: '25' }] },
      { ...snapshot, tokens: [snapshot.tokens[0], snapshot.tokens[0]] },
      { ...snapshot, tokens: [{ ...snapshot.tokens[0], extra: '<script>' }] },
      { ...snapshot, totalValue: 'NaN' },
      { ...snapshot, timestamp: 'yesterday' },
      { tokens: [] },
      [],
      null,
    ];
    for (const value of bad) expect(decodeSnapshot(encode(value))).toBeNull();
  });

  it('refuses missing, oversized, non-base64url and non-JSON data', () => {
    expect(decodeSnapshot(null)).toBeNull();
    expect(decodeSnapshot('')).toBeNull();
    expect(decodeSnapshot('a'.repeat(SHARE_DATA_MAX_LENGTH + 1))).toBeNull();
    expect(decodeSnapshot('eyJ0b2tlbnMiOltdfQ==')).toBeNull();
    expect(decodeSnapshot('not json!')).toBeNull();
    expect(decodeSnapshot(Buffer.from('{"tokens":').toString('base64url'))).toBeNull();
    expect(decodeSnapshot(Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'))).toBeNull();
  });
});
