/**
 * `GET /api/stream`: Server-Sent Events. Each message has a named `event:` from
 * {@link STREAM_EVENT_TYPES} and a `data:` line holding one JSON object.
 * `news` and `chain` may carry `{}`, meaning "refetch the list".
 * A named `ping` event with `{}` may be sent as a keep-alive; clients count it as activity only.
 */
import type { ChainName, TokenName } from '../chains/names.js';
import { isSiteSettings, type SiteSettings } from './site.js';

export const STREAM_EVENT_TYPES = ['price', 'silver', 'news', 'chain', 'site'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** Keep-alive event name; carries no data the client uses. */
export const STREAM_PING_EVENT = 'ping';

export interface PriceStreamData {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  readonly price: number;
  /** ISO 8601 instant of the reading. */
  readonly timestamp: string;
}

export interface SilverStreamData {
  readonly price_per_gram: number;
  /** ISO 8601 instant of the reading. */
  readonly timestamp: string;
}

/** `{}` or the id of the item that changed; either way clients refetch `GET /api/news`. */
export interface NewsStreamData {
  readonly id?: string;
}

/** `{}` or the chain that changed; either way clients refetch `GET /api/chains`. */
export interface ChainStreamData {
  readonly chain_name?: ChainName;
}

export interface StreamEventDataMap {
  readonly price: PriceStreamData;
  readonly silver: SilverStreamData;
  readonly news: NewsStreamData;
  readonly chain: ChainStreamData;
  readonly site: SiteSettings;
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
      if (
        typeof data.token_name !== 'string' ||
        typeof data.chain_name !== 'string' ||
        !isFinitePositive(data.price) ||
        typeof data.timestamp !== 'string'
      ) {
        return null;
      }
      return { type, data: data as unknown as PriceStreamData };
    case 'silver':
      if (!isFinitePositive(data.price_per_gram) || typeof data.timestamp !== 'string') return null;
      return { type, data: data as unknown as SilverStreamData };
    case 'news':
      return { type, data: data as NewsStreamData };
    case 'chain':
      return { type, data: data as ChainStreamData };
    case 'site':
      return isSiteSettings(data) ? { type, data } : null;
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}
