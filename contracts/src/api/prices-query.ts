/**
 * Query parameters of the price routes, as zod schemas the API validates with and clients may
 * reuse. Each schema's first issue carries the message the API answers with (400).
 */
import { z } from 'zod';
import { CHAIN_NAMES, parseChainName, parseTokenName, unknownChainMessage, unknownTokenMessage, type ChainName, type TokenName } from '../chains/names.js';
import { MAX_HISTORY_DAYS, MIN_HISTORY_DAYS } from '../rules/chart-points.js';
import {
  CANDLE_INTERVALS,
  DEFAULT_CANDLE_INTERVAL,
  PUBLIC_API_TOKENS,
  PUBLIC_PRICES_DEFAULT_LIMIT,
  PUBLIC_PRICES_MAX_LIMIT,
  type CandleInterval,
} from './prices.js';

export const TOKEN_AND_CHAIN_REQUIRED_MESSAGE = 'Token name and chain name are required';
export const DAYS_RANGE_MESSAGE = 'Days must be between 1 and 365';

/** A single query value: repeated parameters (`?a=1&a=2`) are refused with `message`. */
const single = (message: string) => z.string({ error: message });

function tokenName(requiredMessage: string) {
  return single(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const token = parseTokenName(value);
      if (token === null) {
        ctx.issues.push({ code: 'custom', message: unknownTokenMessage(value), input: value });
        return z.NEVER;
      }
      return token;
    });
}

function chainName(requiredMessage: string) {
  return single(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const chain = parseChainName(value);
      if (chain === null) {
        ctx.issues.push({ code: 'custom', message: unknownChainMessage(value), input: value });
        return z.NEVER;
      }
      return chain;
    });
}

/** Whole days from 1 to 365; default 1. */
export const HistoryDaysSchema = z
  .union([z.string(), z.number()], { error: DAYS_RANGE_MESSAGE })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return MIN_HISTORY_DAYS;
    const text = String(value).trim();
    const days = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(days) || days < MIN_HISTORY_DAYS || days > MAX_HISTORY_DAYS) {
      ctx.issues.push({ code: 'custom', message: DAYS_RANGE_MESSAGE, input: value });
      return z.NEVER;
    }
    return days;
  });

/** `GET /api/prices/history?token&chain&days`. */
export const PriceHistoryQuerySchema = z.object({
  token: tokenName(TOKEN_AND_CHAIN_REQUIRED_MESSAGE),
  chain: chainName(TOKEN_AND_CHAIN_REQUIRED_MESSAGE),
  days: HistoryDaysSchema,
});
export type PriceHistoryQuery = z.output<typeof PriceHistoryQuerySchema>;

/** `GET /api/silver/history?days`. */
export const SilverHistoryQuerySchema = z.object({ days: HistoryDaysSchema });
export type SilverHistoryQuery = z.output<typeof SilverHistoryQuerySchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function isoInstant(name: 'from' | 'to') {
  const message = `'${name}' must be an ISO 8601 date (2025-01-31) or instant (2025-01-31T12:00:00Z)`;
  return single(message)
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return null;
      const date = ISO_DATE.test(value) || ISO_INSTANT.test(value) ? new Date(value) : null;
      if (!date || Number.isNaN(date.getTime())) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      // A bare date as `to` means the whole day.
      if (name === 'to' && ISO_DATE.test(value)) return new Date(date.getTime() + 86_400_000 - 1);
      return date;
    });
}

const LIMIT_MESSAGE = `'limit' must be a whole number from 1 to ${PUBLIC_PRICES_MAX_LIMIT}`;

/** `token` of the public API: XSD or BANKX, any case; null when absent or empty. */
const publicToken = single(`'token' must be XSD or BANKX`)
  .trim()
  .optional()
  .transform((value, ctx): TokenName | null => {
    if (value === undefined || value === '') return null;
    const token = PUBLIC_API_TOKENS[value.toUpperCase() as keyof typeof PUBLIC_API_TOKENS];
    if (!token) {
      ctx.issues.push({ code: 'custom', message: `Unknown token '${value}': expected XSD or BANKX`, input: value });
      return z.NEVER;
    }
    return token;
  });

/** `chain` of the public API: one network name, any case; null when absent or empty. */
const publicChain = single(`'chain' must be one network name`)
  .trim()
  .optional()
  .transform((value, ctx): ChainName | null => {
    if (value === undefined || value === '') return null;
    const chain = parseChainName(value);
    if (chain === null) {
      ctx.issues.push({ code: 'custom', message: unknownChainMessage(value), input: value });
      return z.NEVER;
    }
    return chain;
  });

/** A parameter that must be present: `message` when it is not. */
function present<T>(message: string) {
  return (value: T | null, ctx: z.RefinementCtx): T => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  };
}

function publicLimit() {
  return single(LIMIT_MESSAGE)
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return PUBLIC_PRICES_DEFAULT_LIMIT;
      const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(limit) || limit < 1 || limit > PUBLIC_PRICES_MAX_LIMIT) {
        ctx.issues.push({ code: 'custom', message: LIMIT_MESSAGE, input: value });
        return z.NEVER;
      }
      return limit;
    });
}

function fromNotAfterTo(query: { from: Date | null; to: Date | null }, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.from.getTime() > query.to.getTime()) {
    ctx.addIssue({ code: 'custom', message: "'from' must not be after 'to'", path: ['from'] });
  }
}

/** `GET /api/v1/prices?token=XSD|BANKX&chain&from&to&limit`. */
export const PublicPricesQuerySchema = z
  .object({
    token: publicToken,
    chain: publicChain,
    from: isoInstant('from'),
    to: isoInstant('to'),
    limit: publicLimit(),
  })
  .superRefine(fromNotAfterTo);
export type PublicPricesQuery = z.output<typeof PublicPricesQuerySchema>;

const INTERVAL_MESSAGE = `'interval' must be ${CANDLE_INTERVALS.join(' or ')}`;

/** `GET /api/v1/candles?token=XSD|BANKX&chain&interval=1h|1d&from&to&limit`: token and chain required. */
export const PublicCandlesQuerySchema = z
  .object({
    token: publicToken.transform(present<TokenName>(`'token' is required: XSD or BANKX`)),
    chain: publicChain.transform(present<ChainName>(`'chain' is required: one of ${CHAIN_NAMES.join(', ')}`)),
    interval: single(INTERVAL_MESSAGE)
      .trim()
      .optional()
      .transform((value, ctx): CandleInterval => {
        if (value === undefined || value === '') return DEFAULT_CANDLE_INTERVAL;
        const interval = CANDLE_INTERVALS.find((known) => known === value.toLowerCase());
        if (!interval) {
          ctx.issues.push({ code: 'custom', message: INTERVAL_MESSAGE, input: value });
          return z.NEVER;
        }
        return interval;
      }),
    from: isoInstant('from'),
    to: isoInstant('to'),
    limit: publicLimit(),
  })
  .superRefine(fromNotAfterTo);
export type PublicCandlesQuery = z.output<typeof PublicCandlesQuerySchema>;

/** The first issue's message: what the API answers with. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
