/** A reading more than this far (as a fraction) from the last accepted one is refused. */
export const PRICE_JUMP_LIMIT = 0.5;

/** Two endpoints agree on a price when they are at most this far apart (as a fraction). */
export const AGREEMENT_TOLERANCE = 0.01;

/**
 * `unconfirmed`: a surprising reading (a jump, or a chain's first price) on a chain with several
 * endpoints that no second endpoint confirmed.
 */
export type TickRejection = 'non_positive' | 'jump' | 'unconfirmed';
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

/** A reading worth a second opinion: refused by the filter, or a first price with nothing to compare with. */
export function isSurprising(price: number, lastAccepted: number | null): boolean {
  return lastAccepted === null || !checkTick(price, lastAccepted).accepted;
}

/** What one endpoint answered: its priced values by name (`XSD`, `BankX`, `silver`). */
export interface Opinion {
  readonly endpoint: string;
  readonly values: Readonly<Record<string, number>>;
}

/** True when the two share at least one value and agree on every value they share. */
export function opinionsAgree(a: Opinion, b: Opinion, tolerance = AGREEMENT_TOLERANCE): boolean {
  const shared = Object.keys(a.values).filter((key) => key in b.values);
  return (
    shared.length > 0 &&
    shared.every((key) => {
      const [x, y] = [a.values[key], b.values[key]];
      if (x === y) return true;
      const scale = Math.max(Math.abs(x), Math.abs(y));
      return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) / scale <= tolerance;
    })
  );
}

export interface Agreement {
  /** The first opinion (in the order given) that another one confirms; null when no two agree. */
  readonly chosen: Opinion | null;
  /** Endpoints that disagreed with the chosen opinion: outliers to demote. */
  readonly outvoted: readonly string[];
}

/**
 * Publishes only what two endpoints agree on: the first opinion another one confirms is chosen
 * (so a surprising first answer that is confirmed stands), and every opinion that disagrees with
 * it is an outlier. With no two in agreement nothing is chosen and nobody is blamed.
 */
export function settleByAgreement(opinions: readonly Opinion[], tolerance = AGREEMENT_TOLERANCE): Agreement {
  for (const candidate of opinions) {
    const others = opinions.filter((o) => o !== candidate);
    if (others.some((o) => opinionsAgree(candidate, o, tolerance))) {
      return { chosen: candidate, outvoted: others.filter((o) => !opinionsAgree(candidate, o, tolerance)).map((o) => o.endpoint) };
    }
  }
  return { chosen: null, outvoted: [] };
}
