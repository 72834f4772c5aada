/**
 * The answers of the public price API (`/api/v1/*`) as zod schemas: the OpenAPI document is
 * generated from them, and clients may check an answer with them. The compile-time checks at the
 * bottom keep them equal to the interfaces of `./prices.ts`, so neither can drift.
 */
import { z } from 'zod';
import { CHAIN_NAMES, TOKEN_NAMES } from '../chains/names.js';
import { CANDLE_INTERVALS, type PublicCandlesResponse, type PublicPricesResponse } from './prices.js';

const instant = z.string().meta({ format: 'date-time' });

export const PriceProvenanceSchema = z
  .strictObject({
    chain_id: z.number().int().meta({ description: 'EVM chain id of the network the price was read on' }),
    chain_name: z.enum(CHAIN_NAMES),
    contract: z.string().nullable().meta({ description: "The network's price (PID) controller contract that was read" }),
    method: z.enum(['xsd_updated_price()', 'bankx_updated_price()']),
    block_number: z.number().int().nullable().meta({ description: 'Block the read was made at; null for readings recorded without one' }),
    read_at: instant.meta({ description: 'When the price was read on chain' }),
    age_seconds: z.number().int().meta({ description: "Seconds from read_at to the answer's as_of" }),
  })
  .meta({ id: 'PriceProvenance' });

export const PublicPriceRowSchema = z
  .strictObject({
    token_name: z.enum(TOKEN_NAMES),
    chain_name: z.enum(CHAIN_NAMES),
    price: z.number().meta({ description: 'USD' }),
    timestamp: instant,
    provenance: PriceProvenanceSchema,
  })
  .meta({ id: 'PublicPriceRow' });

export const PublicPricesResponseSchema = z
  .strictObject({
    items: z.array(PublicPriceRowSchema),
    count: z.number().int(),
    limit: z.number().int(),
    as_of: instant,
    filters: z.strictObject({
      token: z.enum(TOKEN_NAMES).nullable(),
      chain: z.enum(CHAIN_NAMES).nullable(),
      from: instant.nullable(),
      to: instant.nullable(),
    }),
  })
  .meta({ id: 'PublicPricesResponse' });

export const PublicCandleSchema = z
  .strictObject({
    token_name: z.enum(TOKEN_NAMES),
    chain_name: z.enum(CHAIN_NAMES),
    interval: z.enum(CANDLE_INTERVALS),
    open_time: instant,
    close_time: instant,
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    samples: z.number().int(),
    provenance: PriceProvenanceSchema.meta({ description: 'Of the reading the close comes from' }),
  })
  .meta({ id: 'PublicCandle' });

export const PublicCandlesResponseSchema = z
  .strictObject({
    items: z.array(PublicCandleSchema),
    count: z.number().int(),
    limit: z.number().int(),
    as_of: instant,
    filters: z.strictObject({
      token: z.enum(TOKEN_NAMES),
      chain: z.enum(CHAIN_NAMES),
      interval: z.enum(CANDLE_INTERVALS),
      from: instant.nullable(),
      to: instant.nullable(),
    }),
  })
  .meta({ id: 'PublicCandlesResponse' });

export const ApiErrorSchema = z
  .strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) })
  .meta({ id: 'ApiError' });

/** `true` only when A and B are the same type (readonly aside). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;
const pricesMatch: Same<Mutable<PublicPricesResponse>, z.infer<typeof PublicPricesResponseSchema>> = true;
const candlesMatch: Same<Mutable<PublicCandlesResponse>, z.infer<typeof PublicCandlesResponseSchema>> = true;
void pricesMatch;
void candlesMatch;
