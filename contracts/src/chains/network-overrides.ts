import { z } from 'zod';
import { CHAIN_NAMES, type ChainName } from './names.js';
import { type Address, isAddress } from './networks.js';
import type { NetworkOverride } from './profiles.js';

const address = z
  .string()
  .refine(isAddress, 'must be a 0x address of 40 hex digits')
  .transform((value) => value as Address);

const NetworkOverrideSchema = z.strictObject({
  rpcUrls: z.array(z.url({ protocol: /^https?$/ })).min(1, 'needs at least one URL').optional(),
  tokens: z.strictObject({ XSD: address.nullable().optional(), BankX: address.nullable().optional() }).optional(),
  priceController: address.nullable().optional(),
  silverFeed: address.nullable().optional(),
});

/**
 * The operator's network configuration (`XSD_NETWORKS_FILE`): per chain, its own RPC endpoints
 * and the contract addresses the mainnet table does not know, e.g.
 * `{ "Arbitrum": { "tokens": { "XSD": "0x…", "BankX": "0x…" }, "priceController": "0x…" } }`.
 */
export const NetworkOverridesSchema = z.partialRecord(z.enum(CHAIN_NAMES), NetworkOverrideSchema);

/** Validates overrides; the error names every wrong field, e.g. "Arbitrum.tokens.XSD: must be a 0x address…". */
export function parseNetworkOverrides(raw: unknown): Partial<Record<ChainName, NetworkOverride>> {
  const parsed = NetworkOverridesSchema.safeParse(raw);
  if (parsed.success) return parsed.data as Partial<Record<ChainName, NetworkOverride>>;
  throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '));
}
