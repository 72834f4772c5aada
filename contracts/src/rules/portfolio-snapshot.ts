/**
 * The Portfolio Scanner's export snapshot and share link (spec sections 3 and 9): tokens (token,
 * chain, balance, value), totalValue and timestamp; the wallet address is deliberately left out.
 * The share link carries the snapshot base64url-encoded in its `data` parameter. Whatever arrives
 * in `data` is untrusted: decoding checks its size, shape and every number, and gives null for
 * anything else, so a crafted link can only fail to open.
 */
import { z } from 'zod';
import { CHAIN_NAMES, TOKEN_NAMES } from '../chains/names.js';
import type { WalletBalanceEntry } from './wallet-values.js';

/** An encoded snapshot longer than this is refused (16 entries need about 1.5 KB). */
export const SHARE_DATA_MAX_LENGTH = 4_096;
/** Two tokens on eight networks. */
export const SNAPSHOT_MAX_TOKENS = TOKEN_NAMES.length * CHAIN_NAMES.length;

const amount = z.number().finite().nonnegative().max(1e18);

export const PortfolioSnapshotSchema = z
  .strictObject({
    tokens: z
      .array(
        z.strictObject({
          token: z.enum(TOKEN_NAMES),
          chain: z.enum(CHAIN_NAMES),
          balance: amount,
          value: amount.nullable(),
        }),
      )
      .max(SNAPSHOT_MAX_TOKENS),
    totalValue: amount,
    timestamp: z.iso.datetime({ offset: true }),
  })
  .refine((s) => new Set(s.tokens.map((t) => `${t.token}:${t.chain}`)).size === s.tokens.length, 'one entry per token and chain');

export type PortfolioSnapshot = z.infer<typeof PortfolioSnapshotSchema>;

export function portfolioSnapshot(entries: readonly WalletBalanceEntry[], totalValue: number, at: Date): PortfolioSnapshot {
  return {
    tokens: entries.map((e) => ({ token: e.token, chain: e.chain, balance: e.balance, value: e.value })),
    totalValue,
    timestamp: at.toISOString(),
  };
}

/** The snapshot back as balance entries (prices re-derived from value / balance), for the views. */
export function snapshotEntries(snapshot: PortfolioSnapshot): WalletBalanceEntry[] {
  return snapshot.tokens.map((t) => ({
    token: t.token,
    chain: t.chain,
    balance: t.balance,
    value: t.value,
    price: t.value !== null && t.balance > 0 ? t.value / t.balance : null,
  }));
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(data: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(data)) return null;
  try {
    const binary = atob(data.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function encodeSnapshot(snapshot: PortfolioSnapshot): string {
  return toBase64Url(JSON.stringify(PortfolioSnapshotSchema.parse(snapshot)));
}

/** The snapshot a `data` parameter holds, or null when it is missing, too long or not one. */
export function decodeSnapshot(data: string | null | undefined): PortfolioSnapshot | null {
  if (!data || data.length > SHARE_DATA_MAX_LENGTH) return null;
  const json = fromBase64Url(data);
  if (json === null) return null;
  try {
    const parsed = PortfolioSnapshotSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `<origin>/wallet-checker?data=…`: opens the snapshot read-only. */
export function shareLink(origin: string, snapshot: PortfolioSnapshot): string {
  return `${origin}/wallet-checker?data=${encodeSnapshot(snapshot)}`;
}

/** The JSON export: the snapshot, pretty-printed. */
export function snapshotJson(snapshot: PortfolioSnapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}
