import { z } from 'zod';
import { CHAIN_NAMES, TOKEN_NAMES } from '../chains/names.js';

const positivePrice = z.number().finite().positive();
const instant = z.iso.datetime({ offset: true });

/** A token price read from a chain's price controller (6 decimals on chain, a plain number here). */
export const PriceTickedData = z.object({
  token: z.enum(TOKEN_NAMES),
  chain: z.enum(CHAIN_NAMES),
  price: positivePrice,
  observedAt: instant,
  blockNumber: z.number().int().nonnegative().nullable().default(null),
  /**
   * The token's `totalSupply()` on that chain in whole tokens (18 decimals on chain), read in the
   * same Multicall3 batch as the price. Null when it was not read or its call failed; events
   * appended before supply was read have none, and parse to null.
   */
  totalSupply: z.number().finite().nonnegative().nullable().default(null),
});

/** The silver reference: Chainlink XAG/USD on Ethereum, per troy ounce and per gram. */
export const SilverTickedData = z.object({
  pricePerGram: positivePrice,
  pricePerOunce: positivePrice,
  observedAt: instant,
  roundId: z.string().nullable().default(null),
});

/** Why the ingestor refused a reading: at or below zero, over 50 % from the last accepted one, or surprising and confirmed by no second endpoint. */
export const TickRejectionReason = z.enum(['non_positive', 'jump', 'unconfirmed']);

export const PriceRejectedData = z.object({
  token: z.enum(TOKEN_NAMES),
  chain: z.enum(CHAIN_NAMES),
  price: z.number().finite(),
  lastAcceptedPrice: positivePrice.nullable(),
  reason: TickRejectionReason,
  observedAt: instant,
});

export const SilverRejectedData = z.object({
  pricePerGram: z.number().finite(),
  lastAcceptedPrice: positivePrice.nullable(),
  reason: TickRejectionReason,
  observedAt: instant,
});
