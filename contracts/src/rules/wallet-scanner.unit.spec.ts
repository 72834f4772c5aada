import { describe, expect, it } from 'vitest';
import {
  canSaveAddress,
  cooldownMessage,
  cooldownRemainingMs,
  formatCooldown,
  isScannableAddress,
  parseSavedAddresses,
  quickAccess,
  saveAddress,
  toggleFavorite,
  WALLET_SCAN_COOLDOWN_MS,
  type SavedAddress,
} from './wallet-scanner.js';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('isScannableAddress', () => {
  it('takes 0x and 40 hex digits, trimmed, any case', () => {
    expect(isScannableAddress(A)).toBe(true);
    expect(isScannableAddress(`  ${A.toLowerCase()} `)).toBe(true);
    expect(isScannableAddress(A.slice(0, -1))).toBe(false);
    expect(isScannableAddress(`${A}0`)).toBe(false);
    expect(isScannableAddress('0xZZ9Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isScannableAddress('')).toBe(false);
  });
});

describe('scan cooldown', () => {
  it('is 5 minutes from the stored last-scan time', () => {
    expect(WALLET_SCAN_COOLDOWN_MS).toBe(300_000);
    expect(cooldownRemainingMs(null, 1_000)).toBe(0);
    expect(cooldownRemainingMs(1_000, 1_000)).toBe(300_000);
    expect(cooldownRemainingMs(1_000, 61_000)).toBe(240_000);
    expect(cooldownRemainingMs(1_000, 301_000)).toBe(0);
    expect(cooldownRemainingMs(1_000, 900_000)).toBe(0);
  });

  it('treats a last-scan time in the future as a fresh scan', () => {
    expect(cooldownRemainingMs(10_000_000, 1_000)).toBe(300_000);
  });

  it("says 'Please wait M:SS before updating again.', rounding up to the second", () => {
    expect(formatCooldown(300_000)).toBe('5:00');
    expect(formatCooldown(61_000)).toBe('1:01');
    expect(formatCooldown(59_001)).toBe('1:00');
    expect(formatCooldown(1)).toBe('0:01');
    expect(formatCooldown(0)).toBe('0:00');
    expect(cooldownMessage(245_500)).toBe('Please wait 4:06 before updating again.');
  });
});

describe('saved addresses', () => {
  const now = new Date('2026-05-01T10:00:00Z');

  it('needs a valid address and a non-empty trimmed label', () => {
    expect(canSaveAddress(A, 'Main')).toBe(true);
    expect(canSaveAddress(A, '   ')).toBe(false);
    expect(canSaveAddress('0x12', 'Main')).toBe(false);
  });

  it('adds a favourite, and relabels an address saved already (any case)', () => {
    const one = saveAddress([], { id: 'a', address: ` ${A} `, label: ' Main ', now });
    expect(one).toEqual([{ id: 'a', address: A, label: 'Main', savedAt: now.toISOString(), isFavorite: true }]);
    const relabelled = saveAddress(one, { id: 'b', address: A.toLowerCase(), label: 'Cold', now });
    expect(relabelled).toEqual([{ ...one[0], label: 'Cold' }]);
  });

  it('turns a favourite into a plain saved address and back', () => {
    const one = saveAddress([], { id: 'a', address: A, label: 'Main', now });
    expect(toggleFavorite(one, 'a')[0]?.isFavorite).toBe(false);
    expect(toggleFavorite(toggleFavorite(one, 'a'), 'a')).toEqual(one);
    expect(toggleFavorite(one, 'other')).toEqual(one);
  });

  it('keeps only well-formed stored entries, one per address', () => {
    const good = { id: 'a', address: A, label: 'Main', savedAt: now.toISOString(), isFavorite: true };
    expect(
      parseSavedAddresses([
        good,
        { ...good, id: 'dup', address: A.toLowerCase() },
        { ...good, id: 'bad', address: '0x1' },
        { ...good, id: 'nolabel', address: B, label: ' ' },
        null,
        'x',
      ]),
    ).toEqual([good]);
    expect(parseSavedAddresses({})).toEqual([]);
    expect(parseSavedAddresses(undefined)).toEqual([]);
  });

  it('shows 3 favourites, newest first, and every address on Show All', () => {
    const saved: SavedAddress[] = ['1', '2', '3', '4'].map((n) => ({
      id: n,
      address: `0x${n.repeat(40)}`,
      label: n,
      savedAt: `2026-05-0${n}T00:00:00.000Z`,
      isFavorite: true,
    }));
    const withPlain = [...saved, { ...saved[0]!, id: '5', address: `0x${'5'.repeat(40)}`, isFavorite: false, savedAt: '2026-05-09T00:00:00.000Z' }];
    expect(quickAccess(withPlain, false).map((s) => s.id)).toEqual(['4', '3', '2']);
    expect(quickAccess(withPlain, true).map((s) => s.id)).toEqual(['4', '3', '2', '1', '5']);
  });
});
