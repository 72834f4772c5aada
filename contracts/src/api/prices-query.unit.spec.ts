import { describe, expect, it } from 'vitest';
import {
  DAYS_RANGE_MESSAGE,
  firstIssueMessage,
  PriceHistoryQuerySchema,
  PublicCandlesQuerySchema,
  PublicPricesQuerySchema,
  SilverHistoryQuerySchema,
  TOKEN_AND_CHAIN_REQUIRED_MESSAGE,
} from './prices-query.js';
import { WalletAddressSchema } from './wallets-query.js';
import { INVALID_WALLET_ADDRESS_MESSAGE } from './wallets.js';

const messageOf = (result: { success: boolean; error?: import('zod').ZodError }) =>
  result.success ? null : firstIssueMessage(result.error!);

describe('the price history query', () => {
  it('takes a token, a chain (any case) and days, 1 by default', () => {
    expect(PriceHistoryQuerySchema.parse({ token: 'bankx', chain: 'bsc', days: '30' })).toEqual({
      token: 'BankX',
      chain: 'BSC',
      days: 30,
    });
    expect(PriceHistoryQuerySchema.parse({ token: 'XSD', chain: 'Ethereum' }).days).toBe(1);
  });

  it("answers the spec's messages", () => {
    expect(messageOf(PriceHistoryQuerySchema.safeParse({ chain: 'BSC' }))).toBe(TOKEN_AND_CHAIN_REQUIRED_MESSAGE);
    expect(messageOf(PriceHistoryQuerySchema.safeParse({ token: 'XSD', chain: '' }))).toBe(TOKEN_AND_CHAIN_REQUIRED_MESSAGE);
    expect(TOKEN_AND_CHAIN_REQUIRED_MESSAGE).toBe('Token name and chain name are required');
    for (const days of ['0', '366', '-1', '1.5', 'abc', '', ['1', '2']]) {
      expect(messageOf(PriceHistoryQuerySchema.safeParse({ token: 'XSD', chain: 'BSC', days })), String(days)).toBe(
        DAYS_RANGE_MESSAGE,
      );
    }
    expect(DAYS_RANGE_MESSAGE).toBe('Days must be between 1 and 365');
    expect(messageOf(PriceHistoryQuerySchema.safeParse({ token: 'BTC', chain: 'BSC' }))).toMatch(/Unknown token 'BTC'/);
    expect(messageOf(PriceHistoryQuerySchema.safeParse({ token: 'XSD', chain: 'Solana' }))).toMatch(
      /Unknown network 'Solana'/,
    );
  });

  it('checks silver days the same way', () => {
    expect(SilverHistoryQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    expect(SilverHistoryQuerySchema.parse({})).toEqual({ days: 1 });
    expect(messageOf(SilverHistoryQuerySchema.safeParse({ days: '400' }))).toBe(DAYS_RANGE_MESSAGE);
  });
});

describe('the public price API query', () => {
  it('defaults to every token and chain, 100 rows', () => {
    expect(PublicPricesQuerySchema.parse({})).toEqual({ token: null, chain: null, from: null, to: null, limit: 100 });
  });

  it('maps BANKX to BankX, reads dates and instants, a bare `to` date meaning the whole day', () => {
    const query = PublicPricesQuerySchema.parse({
      token: 'BANKX',
      chain: 'polygon',
      from: '2026-01-01',
      to: '2026-01-31',
      limit: '1000',
    });
    expect(query).toEqual({
      token: 'BankX',
      chain: 'Polygon',
      from: new Date('2026-01-01T00:00:00.000Z'),
      to: new Date('2026-01-31T23:59:59.999Z'),
      limit: 1000,
    });
    expect(PublicPricesQuerySchema.parse({ from: '2026-01-01T10:00:00+02:00' }).from).toEqual(
      new Date('2026-01-01T08:00:00Z'),
    );
  });

  it('refuses bad input with clear messages', () => {
    expect(messageOf(PublicPricesQuerySchema.safeParse({ token: 'ETH' }))).toBe("Unknown token 'ETH': expected XSD or BANKX");
    expect(messageOf(PublicPricesQuerySchema.safeParse({ limit: '0' }))).toBe("'limit' must be a whole number from 1 to 1000");
    expect(messageOf(PublicPricesQuerySchema.safeParse({ limit: '1001' }))).toMatch(/limit/);
    expect(messageOf(PublicPricesQuerySchema.safeParse({ from: 'yesterday' }))).toMatch(/'from' must be an ISO 8601 date/);
    expect(messageOf(PublicPricesQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }))).toBe(
      "'from' must not be after 'to'",
    );
  });
});

describe('the wallet address', () => {
  it('must be 0x and 40 hex digits', () => {
    expect(WalletAddressSchema.parse(' 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 ')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
    for (const bad of ['0x123', 'hello', '70997970C51812dc3A010C7d01b50e0d17dc79C8', '0xZZ997970C51812dc3A010C7d01b50e0d17dc79C8']) {
      expect(messageOf(WalletAddressSchema.safeParse(bad))).toBe(INVALID_WALLET_ADDRESS_MESSAGE);
    }
  });
});

describe('the public candles query', () => {
  it('needs a token and a chain, and takes 1h (default) or 1d', () => {
    expect(PublicCandlesQuerySchema.parse({ token: 'bankx', chain: 'base' })).toEqual({
      token: 'BankX',
      chain: 'Base',
      interval: '1h',
      from: null,
      to: null,
      limit: 100,
    });
    expect(PublicCandlesQuerySchema.parse({ token: 'XSD', chain: 'BSC', interval: '1D', limit: '24' })).toMatchObject({ interval: '1d', limit: 24 });
    expect(messageOf(PublicCandlesQuerySchema.safeParse({ chain: 'BSC' }))).toBe("'token' is required: XSD or BANKX");
    expect(messageOf(PublicCandlesQuerySchema.safeParse({ token: 'XSD', chain: '' }))).toMatch(/^'chain' is required: one of Ethereum/);
    expect(messageOf(PublicCandlesQuerySchema.safeParse({ token: 'XSD', chain: 'BSC', interval: '5m' }))).toBe("'interval' must be 1h or 1d");
    expect(messageOf(PublicCandlesQuerySchema.safeParse({ token: ['XSD', 'BANKX'], chain: 'BSC' }))).toBe("'token' must be XSD or BANKX");
  });
});
