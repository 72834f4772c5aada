/**
 * Market value of a token on a chain (price x total supply) with the spec's cap labels and
 * colours: under 1M Micro Cap (red), 1M to under 10M Small Cap (amber), 10M or more Mid Cap+
 * (green).
 */
export const MICRO_CAP_BELOW = 1_000_000;
export const SMALL_CAP_BELOW = 10_000_000;

export type MarketCapLabel = 'Micro Cap' | 'Small Cap' | 'Mid Cap+';
export type MarketValueTone = 'red' | 'amber' | 'green';

/** Price x supply; null unless the price is above 0 and the supply is known. */
export function marketValue(price: number | null, supply: number | null): number | null {
  if (price === null || supply === null || !Number.isFinite(price) || !Number.isFinite(supply)) return null;
  if (price <= 0 || supply < 0) return null;
  return price * supply;
}

export function marketCapLabel(value: number): MarketCapLabel {
  if (value < MICRO_CAP_BELOW) return 'Micro Cap';
  if (value < SMALL_CAP_BELOW) return 'Small Cap';
  return 'Mid Cap+';
}

export function marketValueTone(value: number): MarketValueTone {
  if (value < MICRO_CAP_BELOW) return 'red';
  if (value < SMALL_CAP_BELOW) return 'amber';
  return 'green';
}
