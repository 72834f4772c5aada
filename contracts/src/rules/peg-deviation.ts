import { pegDeviation } from './wallet-values.js';

/**
 * XSD's deviation from the silver gram price, with the spec's tiers: under 1 % good, up to 5 %
 * warning, above that error. A tier (flag) applies only when the absolute deviation is under 50 %:
 * anything further off is a data problem, not a peg signal. The same thresholds colour the
 * wallet's peg deviation (within 1 % green, within 5 % amber, else red).
 */
export const PEG_GOOD_BELOW_PERCENT = 1;
export const PEG_WARNING_UP_TO_PERCENT = 5;
export const PEG_FLAG_BELOW_PERCENT = 50;

export type DeviationTier = 'good' | 'warning' | 'error';

export const DEVIATION_TIER_LABELS: Readonly<Record<DeviationTier, string>> = {
  good: 'On peg',
  warning: 'Slight deviation',
  error: 'Off peg',
};

/** Percent of the XSD price against the silver gram price; null without both above 0. */
export const xsdDeviation = pegDeviation;

/** The tier of a deviation (percent, either sign). */
export function deviationTier(deviation: number): DeviationTier {
  const abs = Math.abs(deviation);
  if (abs < PEG_GOOD_BELOW_PERCENT) return 'good';
  if (abs <= PEG_WARNING_UP_TO_PERCENT) return 'warning';
  return 'error';
}

/** The tier when the deviation is flagged (under 50 % either way), else null. */
export function flaggedDeviationTier(deviation: number | null): DeviationTier | null {
  if (deviation === null || !Number.isFinite(deviation) || Math.abs(deviation) >= PEG_FLAG_BELOW_PERCENT) return null;
  return deviationTier(deviation);
}
