/**
 * Number formatting of the spec (section 9), shared by the web app and the CLI so both print the
 * same figures: change percent with 2 decimals, silver with 4, USD with 2 decimals (up to 8 below
 * 1), large numbers with B / M / K suffixes. Missing values print as 'N/A'.
 */

export const NOT_AVAILABLE = 'N/A';

export const CHANGE_PERCENT_DECIMALS = 2;
export const SILVER_DECIMALS = 4;
export const USD_DECIMALS = 2;
/** Most decimals a USD amount below 1 shows. */
export const USD_SMALL_MAX_DECIMALS = 8;

const usable = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** A change percent as printed: rounded to 2 decimals, so -0.004 is 0. */
const roundedChange = (value: number) => Number(value.toFixed(CHANGE_PERCENT_DECIMALS));

/** `+1.23%`, `-0.50%`, `0.00%`; 'N/A' without a value. */
export function formatChangePercent(value: number | null | undefined): string {
  if (!usable(value)) return NOT_AVAILABLE;
  const rounded = roundedChange(value);
  const text = Math.abs(rounded).toFixed(CHANGE_PERCENT_DECIMALS);
  if (rounded > 0) return `+${text}%`;
  if (rounded < 0) return `-${text}%`;
  return `${text}%`;
}

/** The colour meaning of a change: up, down, no move, or no figure ('N/A'). */
export type ChangeTone = 'positive' | 'negative' | 'neutral' | 'none';

/**
 * The tone of a change percent, decided on the number as {@link formatChangePercent} prints it:
 * what shows as `0.00%` is neutral, whatever its sign before rounding. Web and CLI colour by it.
 */
export function changeTone(value: number | null | undefined): ChangeTone {
  if (!usable(value)) return 'none';
  const rounded = roundedChange(value);
  if (rounded > 0) return 'positive';
  if (rounded < 0) return 'negative';
  return 'neutral';
}

/** Silver per gram: `$1.0234`. */
export function formatSilverPrice(value: number | null | undefined): string {
  if (!usable(value)) return NOT_AVAILABLE;
  return `${value < 0 ? '-' : ''}$${Math.abs(value).toFixed(SILVER_DECIMALS)}`;
}

/** A signed silver amount: `+$0.0123`, `-$0.0040`. */
export function formatSilverChange(value: number | null | undefined): string {
  if (!usable(value)) return NOT_AVAILABLE;
  const text = Math.abs(value).toFixed(SILVER_DECIMALS);
  if (Number(text) === 0) return `$${text}`;
  return `${value > 0 ? '+' : '-'}$${text}`;
}

const usdLarge = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: USD_DECIMALS,
  maximumFractionDigits: USD_DECIMALS,
});
const usdSmall = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: USD_DECIMALS,
  maximumFractionDigits: USD_SMALL_MAX_DECIMALS,
});

/** USD: `$1,234.57`; below 1, up to 8 decimals: `$0.42`, `$0.12345679`. */
export function formatUsd(value: number | null | undefined): string {
  if (!usable(value)) return NOT_AVAILABLE;
  return Math.abs(value) < 1 ? usdSmall.format(value) : usdLarge.format(value);
}

const SUFFIXES = [
  { at: 1e9, suffix: 'B' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'K' },
] as const;

/** `1.23B`, `4.56M`, `7.89K`, `512.00`: the spec's suffixes, 2 decimals. */
export function formatCompact(value: number | null | undefined): string {
  if (!usable(value)) return NOT_AVAILABLE;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  for (const { at, suffix } of SUFFIXES) {
    if (abs >= at) return `${sign}${(abs / at).toFixed(2)}${suffix}`;
  }
  return `${sign}${abs.toFixed(2)}`;
}

/** `$1.23M`: a USD amount with the spec's suffixes. */
export function formatCompactUsd(value: number | null | undefined): string {
  if (!usable(value)) return NOT_AVAILABLE;
  const text = formatCompact(Math.abs(value));
  return `${value < 0 ? '-' : ''}$${text}`;
}
