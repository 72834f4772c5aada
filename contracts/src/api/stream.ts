/**
 * `GET /api/stream`: Server-Sent Events. Each message has a named `event:` from
 * {@link STREAM_EVENT_TYPES} and a `data:` line holding one JSON object.
 * `price` and `silver` carry the very rows the REST routes return after the reading, so clients
 * replace what they hold and never re-derive a figure. `news` and `calendar` carry the id of the
 * item that changed (one message per item; older servers sent `{}`) and `chain` `{}`: each means
 * "refetch the list". `contact` is always `{}` (staff refetch the new-message count). A named
 * `ping` event with `{}` may be sent as a keep-alive for proxies;
 * it is not an update, and clients ignore it.
 */
import { CHAIN_NAMES, type ChainName, TOKEN_NAMES } from '../chains/names.js';
import { CHAIN_STATUSES, type LatestPrice, type SilverLatestResponse } from './prices.js';
import { isSiteSettings, type SiteSettings } from './site.js';

export const STREAM_EVENT_TYPES = ['price', 'silver', 'news', 'chain', 'site', 'calendar', 'contact'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** Keep-alive event name; carries no data, and is not an update. */
export const STREAM_PING_EVENT = 'ping';

/**
 * The row of `GET /api/prices/latest` for this token and chain once the reading is in (24 h
 * change, status, maintenance message, supply): a tick always has a price and a time.
 */
export interface PriceStreamData extends LatestPrice {
  readonly price: number;
  readonly timestamp: string;
}

/** What `GET /api/silver/latest` returns once the reading is in, 24 h stats included. */
export type SilverStreamData = SilverLatestResponse;

/** The id of the news item that changed (`{}` from older servers); clients refetch `GET /api/news`. */
export interface NewsStreamData {
  readonly id?: string;
}

/** `{}` or the chain that changed; either way clients refetch `GET /api/chains`. */
export interface ChainStreamData {
  readonly chain_name?: ChainName;
}

/** The id of the calendar event that changed (`{}` from older servers); clients refetch `GET /api/calendar/events`. */
export interface CalendarStreamData {
  readonly id?: string;
}

/**
 * Always `{}`: a contact message arrived, so staff refetch the bell's count and the list. It
 * names nothing, since every visitor of the stream receives it.
 */
export type ContactStreamData = Record<string, never>;

export interface StreamEventDataMap {
  readonly price: PriceStreamData;
  readonly silver: SilverStreamData;
  readonly news: NewsStreamData;
  readonly chain: ChainStreamData;
  readonly site: SiteSettings;
  readonly calendar: CalendarStreamData;
  readonly contact: ContactStreamData;
}

export type StreamEvent = {
  readonly [K in StreamEventType]: { readonly type: K; readonly data: StreamEventDataMap[K] };
}[StreamEventType];

export function isStreamEventType(value: string): value is StreamEventType {
  return (STREAM_EVENT_TYPES as readonly string[]).includes(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFinitePositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
const isFiniteOrNull = (value: unknown): boolean => value === null || (typeof value === 'number' && Number.isFinite(value));
const isStringOrNull = (value: unknown): boolean => value === null || typeof value === 'string';
const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isOneOf = (values: readonly string[], value: unknown): boolean => typeof value === 'string' && values.includes(value);

/** A `GET /api/prices/latest` row with a reading; fields a newer server adds are let through. */
export function isPriceStreamData(data: unknown): data is PriceStreamData {
  return (
    isObject(data) &&
    isOneOf(TOKEN_NAMES, data.token_name) &&
    isOneOf(CHAIN_NAMES, data.chain_name) &&
    isFinitePositive(data.price) &&
    isInstant(data.timestamp) &&
    isFiniteOrNull(data.change_24h) &&
    isOneOf(CHAIN_STATUSES, data.status) &&
    isStringOrNull(data.maintenance_message) &&
    isFiniteOrNull(data.total_supply)
  );
}

/** A `GET /api/silver/latest` body; fields a newer server adds are let through. */
export function isSilverStreamData(data: unknown): data is SilverStreamData {
  return (
    isObject(data) &&
    isFinitePositive(data.price_per_gram) &&
    isInstant(data.timestamp) &&
    typeof data.source === 'string' &&
    isFinitePositive(data.current) &&
    isFinitePositive(data.high24h) &&
    isFinitePositive(data.low24h) &&
    isFiniteOrNull(data.change24h) &&
    isFiniteOrNull(data.changePercent) &&
    isInstant(data.lastUpdate) &&
    typeof data.hasHistoricalData === 'boolean'
  );
}

/** Parses one SSE message; null when the name is unknown or the payload has the wrong shape. */
export function parseStreamEvent(type: string, rawData: string): StreamEvent | null {
  if (!isStreamEventType(type)) return null;
  let data: unknown;
  try {
    data = JSON.parse(rawData === '' ? '{}' : rawData);
  } catch {
    return null;
  }
  if (!isObject(data)) return null;
  switch (type) {
    case 'price':
      return isPriceStreamData(data) ? { type, data } : null;
    case 'silver':
      return isSilverStreamData(data) ? { type, data } : null;
    case 'news':
      return { type, data: data as NewsStreamData };
    case 'chain':
      return { type, data: data as ChainStreamData };
    case 'site':
      return isSiteSettings(data) ? { type, data } : null;
    case 'calendar':
      return { type, data: data as CalendarStreamData };
    case 'contact':
      return { type, data: {} };
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}
