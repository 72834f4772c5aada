import type { SilverHistoryResponse } from '@xsd/contracts/api/prices';
import { CACHE } from '../../../config/site';
import { readJson, writeJson } from '../../../lib/storage';

/** The spec's local key for the last 24 h of silver prices, stored with its timestamp. */
export const SILVER_HISTORY_24H_KEY = 'silver-history-24h';

interface Stored {
  readonly timestamp: number;
  readonly history: SilverHistoryResponse;
}

function isStored(value: unknown): value is Stored {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Stored>;
  return typeof v.timestamp === 'number' && typeof v.history === 'object' && v.history !== null && Array.isArray(v.history.points);
}

/** The stored 1D history if younger than the silver history cache (5 min); else undefined. */
export function readStoredDayHistory(now = Date.now()): SilverHistoryResponse | undefined {
  const stored = readJson(SILVER_HISTORY_24H_KEY);
  if (!isStored(stored) || now - stored.timestamp > CACHE.silverHistory) return undefined;
  return stored.history;
}

export function storeDayHistory(history: SilverHistoryResponse, now = Date.now()): void {
  writeJson(SILVER_HISTORY_24H_KEY, { timestamp: now, history } satisfies Stored);
}
