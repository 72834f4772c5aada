import type { LatestPrice, LatestPricesResponse, PriceHistoryResponse } from '@xsd/contracts/api/prices';
import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { limitPoints, mergeClosePoints, tokenChartRules } from '@xsd/contracts/rules/chart-points';
import { percentChange } from '@xsd/contracts/rules/price-change';
import { DAY_MS } from '@xsd/contracts/rules/time';

/**
 * The 24 h change after a new reading, against the same reference the server used: the old
 * change tells the reference price (old price / (1 + change)). Null when it cannot be told.
 */
export function rebaseChange(oldPrice: number | null, oldChange: number | null, newPrice: number): number | null {
  if (oldPrice === null || oldChange === null || !(oldPrice > 0) || !Number.isFinite(oldChange)) return null;
  const reference = oldPrice / (1 + oldChange / 100);
  return percentChange(reference, newPrice);
}

const isNewer = (row: LatestPrice, tick: PriceStreamData) =>
  row.timestamp === null || Date.parse(tick.timestamp) >= Date.parse(row.timestamp);

/** The latest prices with a live reading applied; the same object when nothing changes. */
export function applyPriceTick(latest: LatestPricesResponse, tick: PriceStreamData): LatestPricesResponse {
  let changed = false;
  const items = latest.items.map((row) => {
    if (row.token_name !== tick.token_name || row.chain_name !== tick.chain_name || !isNewer(row, tick)) return row;
    if (row.price === tick.price && row.timestamp === tick.timestamp) return row;
    changed = true;
    return { ...row, price: tick.price, timestamp: tick.timestamp, change_24h: rebaseChange(row.price, row.change_24h, tick.price) };
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
