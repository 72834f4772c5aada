import type { SilverHistoryResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import type { SilverStreamData } from '@xsd/contracts/api/stream';
import { limitPoints, mergeClosePoints, silverChartRules } from '@xsd/contracts/rules/chart-points';
import { DAY_MS } from '@xsd/contracts/rules/time';

/**
 * The silver stats after a live reading: current, high and low move with it; the change keeps
 * the server's 24 h reference (current - change).
 */
export function applySilverTick(latest: SilverLatestResponse, tick: SilverStreamData): SilverLatestResponse {
  if (Date.parse(tick.timestamp) < Date.parse(latest.timestamp)) return latest;
  if (tick.price_per_gram === latest.price_per_gram && tick.timestamp === latest.timestamp) return latest;
  const reference = latest.change24h === null ? null : latest.current - latest.change24h;
  const change24h = reference === null ? null : tick.price_per_gram - reference;
  return {
    ...latest,
    price_per_gram: tick.price_per_gram,
    timestamp: tick.timestamp,
    current: tick.price_per_gram,
    high24h: Math.max(latest.high24h, tick.price_per_gram),
    low24h: Math.min(latest.low24h, tick.price_per_gram),
    change24h,
    changePercent: reference !== null && reference > 0 ? (change24h! / reference) * 100 : null,
    lastUpdate: tick.timestamp,
  };
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
