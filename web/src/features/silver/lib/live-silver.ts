import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SilverStreamData } from '@xsd/contracts/api/stream';
import { limitPoints, mergeClosePoints, silverChartRules } from '@xsd/contracts/rules/chart-points';
import { DAY_MS } from '@xsd/contracts/rules/time';

/**
 * The silver stats to hold after a live `silver` event: the server's body as it came, unless the
 * one held is newer (events and refetches may cross).
 */
export function latestSilver(held: SilverLatestResponse | undefined, next: SilverStreamData): SilverLatestResponse {
  if (held && Date.parse(held.timestamp) > Date.parse(next.timestamp)) return held;
  return next;
}

/** A silver history with a live reading appended under the silver chart rules of its range. */
export function appendSilverTick(history: SilverHistoryResponse, tick: SilverStreamData): SilverHistoryResponse {
  const at = Date.parse(tick.timestamp);
  if (history.current && Date.parse(history.current.timestamp) > at) return history;
  const rules = silverChartRules(history.days);
  const since = at - history.days * DAY_MS;
  const merged = mergeClosePoints([...history.points, { timestamp: tick.timestamp, price: tick.price_per_gram }], rules.mergeGapMs)
    .filter((point) => Date.parse(point.timestamp) >= since)
    .map((point) => ({ timestamp: new Date(Date.parse(point.timestamp)).toISOString(), price: point.price }));
  return {
    ...history,
    current: { price_per_gram: tick.price_per_gram, timestamp: tick.timestamp },
    points: limitPoints(merged, rules.pointLimit),
  };
}
