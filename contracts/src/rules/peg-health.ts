import { chartResolution, limitPoints } from './chart-points.js';
import { flaggedDeviationTier, xsdDeviation, type DeviationTier } from './peg-deviation.js';
import type { TimedPrice } from './price-change.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, toMillis } from './time.js';

/**
 * Silver-peg health (beyond the spec): how far XSD on each chain sat from the silver gram price
 * over a window, and the share of that time inside each of the spec's deviation bands (under 1 %
 * good, up to 5 % warning, above that error). Readings 50 % or more off are data problems, not
 * peg signals (the spec's flag rule): they count in no band.
 */
export const PEG_BANDS: readonly DeviationTier[] = ['good', 'warning', 'error'];

/** One deviation reading: percent of XSD against silver at that moment. */
export interface DeviationPoint {
  /** ISO 8601. */
  readonly timestamp: string;
  readonly deviation: number;
}

export type BandShares = Readonly<Record<DeviationTier, number>>;

/** The longest one reading is taken to hold: a gap longer than this (ingestor down) is not measured. */
export function pegHoldLimitMs(days: number): number {
  // Two steps of what the window is drawn from (chartResolution); raw readings come every 30 s.
  const limits = { reading: 10 * MINUTE_MS, hour: 2 * HOUR_MS, day: 2 * DAY_MS } as const;
  return limits[chartResolution(days)];
}

/** Points kept per chain for the chart: the silver chart's own limit. */
export const PEG_POINT_LIMIT = 144;

/** A deviation at a moment in epoch milliseconds: the form the computations use (no date text per reading). */
interface TimedDeviation {
  readonly at: number;
  readonly deviation: number;
}

const toPoint = ({ at, deviation }: TimedDeviation): DeviationPoint => ({ timestamp: new Date(at).toISOString(), deviation });

/** Readings by time, oldest first; sorting is skipped for the already ordered series the repositories give. */
function byTime(points: readonly TimedPrice[]): { at: number; price: number }[] {
  const out: { at: number; price: number }[] = [];
  let ordered = true;
  for (const point of points) {
    const at = toMillis(point.timestamp);
    if (!Number.isFinite(at)) continue;
    if (out.length > 0 && at < out[out.length - 1].at) ordered = false;
    out.push({ at, price: point.price });
  }
  return ordered ? out : out.sort((a, b) => a.at - b.at);
}

/** Silver's readings above 0, oldest first: what each XSD reading is measured against (once for every chain). */
function referencesOf(silver: readonly TimedPrice[]): { at: number; price: number }[] {
  return byTime(silver).filter((p) => p.price > 0);
}

function deviations(xsd: readonly TimedPrice[], references: readonly { at: number; price: number }[]): TimedDeviation[] {
  const out: TimedDeviation[] = [];
  let s = -1;
  for (const reading of byTime(xsd)) {
    while (s + 1 < references.length && references[s + 1].at <= reading.at) s++;
    if (s < 0) continue;
    const deviation = xsdDeviation(reading.price, references[s].price);
    if (deviation !== null) out.push({ at: reading.at, deviation });
  }
  return out;
}

/**
 * XSD's deviation at each XSD reading, against the newest silver reading at or before it.
 * Readings before the first silver reading, and those not above 0, have no deviation.
 */
export function deviationSeries(xsd: readonly TimedPrice[], silver: readonly TimedPrice[]): DeviationPoint[] {
  return deviations(xsd, referencesOf(silver)).map(toPoint);
}

export interface BandTime {
  /** Fraction (0 to 1) of the measured time spent in each band; all 0 when nothing was measured. */
  readonly shares: BandShares;
  /** Milliseconds covered by readings (each holding until the next, at most `holdLimitMs`). */
  readonly measuredMs: number;
}

/** Time-weighted share of each band: a reading holds until the next one, or until `until`. */
export function bandTime(series: readonly DeviationPoint[], options: { readonly until: number; readonly holdLimitMs: number }): BandTime {
  return bandTimeOf(
    series.map((p) => ({ at: Date.parse(p.timestamp), deviation: p.deviation })),
    options,
  );
}

function bandTimeOf(series: readonly TimedDeviation[], options: { readonly until: number; readonly holdLimitMs: number }): BandTime {
  const time: Record<DeviationTier, number> = { good: 0, warning: 0, error: 0 };
  let measured = 0;
  series.forEach((point, i) => {
    const next = i + 1 < series.length ? series[i + 1].at : options.until;
    const held = Math.min(Math.max(next - point.at, 0), options.holdLimitMs);
    const tier = flaggedDeviationTier(point.deviation);
    if (tier === null || held === 0) return;
    time[tier] += held;
    measured += held;
  });
  const share = (ms: number) => (measured > 0 ? ms / measured : 0);
  return { shares: { good: share(time.good), warning: share(time.warning), error: share(time.error) }, measuredMs: measured };
}

export interface ChainPegHealth {
  readonly current: number | null;
  readonly tier: DeviationTier | null;
  /** Largest flagged deviation either way over the window, signed. */
  readonly worst: number | null;
  readonly shares: BandShares;
  readonly measured_ms: number;
  readonly points: readonly DeviationPoint[];
}

/** Each chain's peg health over a window ending at `now`: its XSD readings against the same silver, sorted once for all. */
export function pegHealthOfChains(
  xsdByChain: readonly (readonly TimedPrice[])[],
  silver: readonly TimedPrice[],
  options: { readonly days: number; readonly now: number },
): ChainPegHealth[] {
  const references = referencesOf(silver);
  return xsdByChain.map((xsd) => healthOf(deviations(xsd, references), options));
}

function healthOf(series: readonly TimedDeviation[], options: { readonly days: number; readonly now: number }): ChainPegHealth {
  const { shares, measuredMs } = bandTimeOf(series, { until: options.now, holdLimitMs: pegHoldLimitMs(options.days) });
  let worst: number | null = null;
  for (const { deviation } of series) {
    if (flaggedDeviationTier(deviation) !== null && (worst === null || Math.abs(deviation) > Math.abs(worst))) worst = deviation;
  }
  const current = series.length > 0 ? series[series.length - 1].deviation : null;
  return {
    current,
    tier: flaggedDeviationTier(current),
    worst,
    shares,
    measured_ms: measuredMs,
    // Date text only for the points kept.
    points: limitPoints(series, PEG_POINT_LIMIT).map(toPoint),
  };
}
