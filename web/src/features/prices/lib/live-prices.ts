import type { LatestPrice, LatestPricesResponse, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { limitPoints, mergeClosePoints, tokenChartRules } from '@xsd/contracts/rules/chart-points';
import { DAY_MS } from '@xsd/contracts/rules/time';

const isOlder = (held: LatestPrice, row: PriceStreamData) =>
  held.timestamp !== null && Date.parse(held.timestamp) > Date.parse(row.timestamp);

const sameRow = (a: object, b: object) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);

/**
 * The latest prices with the server's row for a live reading put in place of the one held, as it
 * came (24 h change and status included); the same object when it is older or nothing changed.
 */
export function applyPriceRow(latest: LatestPricesResponse, row: PriceStreamData): LatestPricesResponse {
  let changed = false;
  const items = latest.items.map((held) => {
    if (held.token_name !== row.token_name || held.chain_name !== row.chain_name) return held;
    if (isOlder(held, row) || sameRow(held, row)) return held;
    changed = true;
    return row;
  });
  return changed ? { items } : latest;
}

/** A history with a live reading appended under the chart rules of its range. */
export function appendHistoryTick(history: PriceHistoryResponse, tick: PriceStreamData): PriceHistoryResponse {
  if (history.token_name !== tick.token_name || history.chain_name !== tick.chain_name) return history;
  const at = Date.parse(tick.timestamp);
  if (history.current && Date.parse(history.current.timestamp) > at) return history;
  const rules = tokenChartRules(history.days);
  const since = at - history.days * DAY_MS;
  const merged = mergeClosePoints([...history.points, { timestamp: tick.timestamp, price: tick.price }], rules.mergeGapMs)
    .filter((point) => Date.parse(point.timestamp) >= since)
    .map((point) => ({ timestamp: new Date(Date.parse(point.timestamp)).toISOString(), price: point.price }));
  return {
    ...history,
    current: { price: tick.price, timestamp: tick.timestamp },
    points: limitPoints(merged, rules.pointLimit),
  };
}
