/**
 * The illustrative 7-day price prediction of the dashboard's AI widget (spec section 7,
 * "Prediction"), shared with the CLI. Random by design (the spec's widget is); pass a seeded
 * `random` (see `seededRandom`) for repeatable results.
 *
 * - moving averages of the last 3, 7 and 14 prices; trend strength = 0.6 x (MA3 vs MA7) +
 *   0.4 x (MA7 vs MA14), in percent; up / down outside a neutral band of 0.5 %, else neutral;
 * - volatility score = standard deviation of the step-to-step percent returns of the last 20 prices;
 * - each day moves by the trend strength spread over the horizon (at most 2 % a day, 0 when
 *   neutral) plus noise of up to half the volatility either way;
 * - support = 0.98 x the minimum of the last 20 prices, resistance = 1.02 x their maximum;
 * - confidence = 85 - 1.5 x volatility + up to 10 for data volume (1 per 10 prices) + a
 *   trend-strength bonus (up to 5, 2 per percent of strength outside the neutral band), clamped
 *   to 30..95 and rounded.
 */
import type { ChainName, TokenName } from '../chains/names.js';
import { DAY_MS, type Instant, toMillis } from './time.js';
import { mean, standardDeviation } from './trend.js';

export const PREDICTION_HORIZON_DAYS = 7;
export const PREDICTION_MOVING_AVERAGES = [3, 7, 14] as const;
export const PREDICTION_NEUTRAL_BAND_PERCENT = 0.5;
export const PREDICTION_MIN_POINTS = 5;
/** Support and resistance look at the last 20 prices. */
export const PREDICTION_LEVEL_WINDOW = 20;
export const PREDICTION_SUPPORT_FACTOR = 0.98;
export const PREDICTION_RESISTANCE_FACTOR = 1.02;
export const PREDICTION_CONFIDENCE_BASE = 85;
export const PREDICTION_VOLATILITY_WEIGHT = 1.5;
export const PREDICTION_DATA_BONUS_MAX = 10;
export const PREDICTION_TREND_BONUS_MAX = 5;
export const PREDICTION_CONFIDENCE_MIN = 30;
export const PREDICTION_CONFIDENCE_MAX = 95;
/** Largest daily drift, percent. */
export const PREDICTION_MAX_DAILY_DRIFT_PERCENT = 2;
/** The short-term target is day 3, the long-term target day 7. */
export const PREDICTION_SHORT_TERM_DAY = 3;
/** The widget's 'generating' pause. */
export const PREDICTION_DELAY_MS = 1_500;

export const PREDICTION_ERROR_TITLE = 'Prediction Error';
export const PREDICTION_INSUFFICIENT_DATA_MESSAGE = 'Insufficient historical data for prediction';
export const PREDICTION_FAILED_MESSAGE = 'Failed to generate predictions';
export const PREDICTION_DISCLAIMER =
  'AI prediction (beta) is an illustrative projection from recent prices, for educational purposes only. It is not financial advice.';

export type PredictionTrend = 'up' | 'down' | 'neutral';
export type ConfidenceTone = 'green' | 'amber' | 'red';
export type PredictionVolatility = 'Low' | 'Medium' | 'High';

export interface PredictionInput {
  readonly token: TokenName;
  readonly chain: ChainName;
  /** Historical prices, oldest first; non-numbers and prices at or below 0 are ignored. */
  readonly prices: readonly number[];
  /** Day 1 is the day after this instant. */
  readonly now: Instant;
}

export interface PredictionResult {
  readonly token: TokenName;
  readonly chain: ChainName;
  /** 'Jun 2' ... in UTC, one per predicted day. */
  readonly labels: readonly string[];
  readonly prices: readonly number[];
  /** 30 to 95. */
  readonly confidence: number;
  readonly trend: PredictionTrend;
  readonly shortTermTarget: number;
  readonly longTermTarget: number;
  /** Percent. */
  readonly volatility: number;
  readonly support: number;
  readonly resistance: number;
  /** Percent, the signed strength behind `trend`. */
  readonly trendStrength: number;
}

export class PredictionError extends Error {
  override name = 'PredictionError';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const lastMean = (prices: readonly number[], count: number) => mean(prices.slice(-count));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The trend of a strength (percent): outside the 0.5 % neutral band up or down. */
export function predictionTrend(strength: number, band = PREDICTION_NEUTRAL_BAND_PERCENT): PredictionTrend {
  if (strength > band) return 'up';
  if (strength < -band) return 'down';
  return 'neutral';
}

/** Standard deviation of step-to-step percent returns; 0 with fewer than 2 prices. */
export function returnsVolatility(prices: readonly number[]): number {
  if (prices.length < 2) return 0;
  const returns = prices.slice(1).map((price, i) => ((price - prices[i]) / prices[i]) * 100);
  return standardDeviation(returns);
}

export function predictionConfidence(volatility: number, pointCount: number, trendStrength: number): number {
  const dataBonus = Math.min(PREDICTION_DATA_BONUS_MAX, pointCount / 10);
  const outside = Math.max(0, Math.abs(trendStrength) - PREDICTION_NEUTRAL_BAND_PERCENT);
  const trendBonus = Math.min(PREDICTION_TREND_BONUS_MAX, outside * 2);
  const raw = PREDICTION_CONFIDENCE_BASE - PREDICTION_VOLATILITY_WEIGHT * volatility + dataBonus + trendBonus;
  return Math.round(clamp(raw, PREDICTION_CONFIDENCE_MIN, PREDICTION_CONFIDENCE_MAX));
}

/** 70 or more green, 50 or more amber, else red. */
export function confidenceTone(confidence: number): ConfidenceTone {
  if (confidence >= 70) return 'green';
  if (confidence >= 50) return 'amber';
  return 'red';
}

/** Volatility under 2 Low, under 5 Medium, else High. */
export function predictionVolatilityLabel(volatility: number): PredictionVolatility {
  if (volatility < 2) return 'Low';
  if (volatility < 5) return 'Medium';
  return 'High';
}

/** 'Jun 2' for the UTC day `day` days after `now`. */
export function predictionDayLabel(now: Instant, day: number): string {
  const date = new Date(toMillis(now) + day * DAY_MS);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/**
 * Predicts the next 7 daily prices. Throws a PredictionError with the spec's message when fewer
 * than 5 usable prices are given.
 */
export function predictPrices(input: PredictionInput, { random = Math.random }: { random?: () => number } = {}): PredictionResult {
  const prices = input.prices.filter((p) => Number.isFinite(p) && p > 0);
  if (prices.length < PREDICTION_MIN_POINTS) throw new PredictionError(PREDICTION_INSUFFICIENT_DATA_MESSAGE);
  const [short, medium, long] = PREDICTION_MOVING_AVERAGES.map((n) => lastMean(prices, n));
  const trendStrength = 0.6 * ((short - medium) / medium) * 100 + 0.4 * ((medium - long) / long) * 100;
  const trend = predictionTrend(trendStrength);
  const recent = prices.slice(-PREDICTION_LEVEL_WINDOW);
  const volatility = returnsVolatility(recent);
  const drift =
    trend === 'neutral'
      ? 0
      : clamp(trendStrength / PREDICTION_HORIZON_DAYS, -PREDICTION_MAX_DAILY_DRIFT_PERCENT, PREDICTION_MAX_DAILY_DRIFT_PERCENT);
  const noiseScale = Math.min(volatility, 10) / 2;
  const predicted: number[] = [];
  let price = prices[prices.length - 1];
  for (let day = 1; day <= PREDICTION_HORIZON_DAYS; day += 1) {
    const noise = (random() * 2 - 1) * noiseScale;
    price = Math.max(price * (1 + (drift + noise) / 100), Number.EPSILON);
    predicted.push(price);
  }
  if (predicted.some((p) => !Number.isFinite(p))) throw new PredictionError(PREDICTION_FAILED_MESSAGE);
  return {
    token: input.token,
    chain: input.chain,
    labels: predicted.map((_, i) => predictionDayLabel(input.now, i + 1)),
    prices: predicted,
    confidence: predictionConfidence(volatility, prices.length, trendStrength),
    trend,
    shortTermTarget: predicted[PREDICTION_SHORT_TERM_DAY - 1],
    longTermTarget: predicted[PREDICTION_HORIZON_DAYS - 1],
    volatility,
    support: PREDICTION_SUPPORT_FACTOR * Math.min(...recent),
    resistance: PREDICTION_RESISTANCE_FACTOR * Math.max(...recent),
    trendStrength,
  };
}
