/**
 * The Portfolio Scanner's input rules (spec sections 4, 5 and 9, "Wallet"): address validity,
 * the 5-minute scan cooldown counted from the stored last-scan time, and the saved addresses
 * of Quick Access. Pure: time comes in as an argument.
 */
import { isAddress } from '../chains/networks.js';

/** One scan per 5 minutes (300000 ms), counted from the stored last-scan time. */
export const WALLET_SCAN_COOLDOWN_MS = 300_000;
/** Quick Access shows this many favourites until 'Show All'. */
export const QUICK_ACCESS_FAVOURITES = 3;

/** What the validity dot shows: green for a scannable address, red otherwise. */
export function isScannableAddress(input: string): boolean {
  return isAddress(input.trim());
}

/** Milliseconds left before the next scan; 0 when none was stored or the cooldown is over. */
export function cooldownRemainingMs(lastScanAt: number | null, now: number): number {
  if (lastScanAt === null || !Number.isFinite(lastScanAt)) return 0;
  const elapsed = now - lastScanAt;
  // A last-scan time in the future (a changed clock) counts as a fresh scan, not a longer wait.
  if (elapsed < 0) return WALLET_SCAN_COOLDOWN_MS;
  return Math.max(0, WALLET_SCAN_COOLDOWN_MS - elapsed);
}

/** 'M:SS', rounded up to the next second so the countdown never shows 0:00 while still waiting. */
export function formatCooldown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const cooldownMessage = (remainingMs: number) => `Please wait ${formatCooldown(remainingMs)} before updating again.`;

/** The spec's saved wallet address (local storage key `bankx-saved-addresses`). */
export interface SavedAddress {
  readonly id: string;
  readonly address: string;
  readonly label: string;
  /** ISO 8601. */
  readonly savedAt: string;
  readonly isFavorite: boolean;
}

export const SAVED_ADDRESS_LABEL_MAX = 60;

/** Save Wallet needs a valid address and a non-empty trimmed label. */
export function canSaveAddress(address: string, label: string): boolean {
  return isScannableAddress(address) && label.trim() !== '';
}

/**
 * Reads the stored list, keeping only well-formed entries (storage is the visitor's to edit);
 * one entry per address, case-insensitively, the first kept.
 */
export function parseSavedAddresses(stored: unknown): SavedAddress[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  const result: SavedAddress[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, address, label, savedAt, isFavorite } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof address !== 'string' || !isAddress(address)) continue;
    if (typeof label !== 'string' || label.trim() === '' || typeof savedAt !== 'string') continue;
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ id, address, label: label.trim().slice(0, SAVED_ADDRESS_LABEL_MAX), savedAt, isFavorite: isFavorite === true });
  }
  return result;
}

/** Adds or relabels an address (the star on an already saved address keeps its id). */
export function saveAddress(
  list: readonly SavedAddress[],
  input: { readonly id: string; readonly address: string; readonly label: string; readonly now: Date },
): SavedAddress[] {
  const address = input.address.trim();
  const label = input.label.trim().slice(0, SAVED_ADDRESS_LABEL_MAX);
  const existing = list.find((s) => s.address.toLowerCase() === address.toLowerCase());
  if (existing) return list.map((s) => (s === existing ? { ...s, label } : s));
  return [...list, { id: input.id, address, label, savedAt: input.now.toISOString(), isFavorite: true }];
}

export function toggleFavorite(list: readonly SavedAddress[], id: string): SavedAddress[] {
  return list.map((s) => (s.id === id ? { ...s, isFavorite: !s.isFavorite } : s));
}

export function isSaved(list: readonly SavedAddress[], address: string): boolean {
  const key = address.trim().toLowerCase();
  return list.some((s) => s.address.toLowerCase() === key);
}

/** Quick Access: favourites first (newest first), the first 3 unless showing all. */
export function quickAccess(list: readonly SavedAddress[], showAll: boolean): SavedAddress[] {
  const ordered = [...list].sort((a, b) => Number(b.isFavorite) - Number(a.isFavorite) || b.savedAt.localeCompare(a.savedAt));
  return showAll ? ordered : ordered.filter((s) => s.isFavorite).slice(0, QUICK_ACCESS_FAVOURITES);
}
