/** A reading more than this far (as a fraction) from the last accepted one is refused. */
export const PRICE_JUMP_LIMIT = 0.5;

export type TickRejection = 'non_positive' | 'jump';
export type TickVerdict = { readonly accepted: true } | { readonly accepted: false; readonly reason: TickRejection };

/**
 * The ingestor's filter for a chain reading (token price or silver per gram): refused when at or
 * below 0 (or not a number), or more than 50 % away from the last accepted reading for the same
 * token and chain. Without a last accepted reading any positive price is accepted.
 */
export function checkTick(price: number, lastAccepted: number | null): TickVerdict {
  if (!Number.isFinite(price) || price <= 0) return { accepted: false, reason: 'non_positive' };
  if (lastAccepted !== null && lastAccepted > 0 && Math.abs(price - lastAccepted) / lastAccepted > PRICE_JUMP_LIMIT) {
    return { accepted: false, reason: 'jump' };
  }
  return { accepted: true };
}
