import { CANDLE_INTERVALS, DEFAULT_CANDLE_INTERVAL, PUBLIC_PRICES_DEFAULT_LIMIT, PUBLIC_PRICES_MAX_LIMIT } from '@xsd/contracts/api/prices';

/** The public price API lives under this path of the site's own origin. */
export const PUBLIC_API_PATH = '/api/v1';
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

export function publicApiBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${PUBLIC_API_PATH}`;
}

export interface ApiParameter {
  readonly name: string;
  readonly type: string;
  readonly required: string;
  readonly description: string;
}

/** The query parameters of `GET /prices` (spec §7) and the `interval` of `GET /candles`. */
export const API_PARAMETERS: readonly ApiParameter[] = [
  { name: 'token', type: 'string', required: 'prices: no · candles: yes', description: 'XSD or BANKX (any case)' },
  { name: 'chain', type: 'string', required: 'prices: no · candles: yes', description: 'Network name: Ethereum, BSC, Arbitrum, Polygon, Optimism, Base or Avalanche' },
  { name: 'from', type: 'ISO date', required: 'no', description: 'Start, inclusive: 2025-06-01 or 2025-06-01T12:00:00Z' },
  { name: 'to', type: 'ISO date', required: 'no', description: 'End, inclusive: a bare date means the whole day' },
  {
    name: 'limit',
    type: 'number',
    required: 'no',
    description: `Rows to return, 1 to ${PUBLIC_PRICES_MAX_LIMIT} (default ${PUBLIC_PRICES_DEFAULT_LIMIT})`,
  },
  {
    name: 'interval',
    type: 'string',
    required: 'no',
    description: `Candles only: ${CANDLE_INTERVALS.join(' or ')} (default ${DEFAULT_CANDLE_INTERVAL})`,
  },
];

export interface ApiExample {
  readonly id: string;
  readonly title: string;
  readonly command: string;
}

/** The four example requests of the developer page, as curl commands against `baseUrl`. */
export function apiExamples(baseUrl: string): readonly ApiExample[] {
  const curl = (query: string) => `curl "${baseUrl}${query}"`;
  return [
    { id: 'latest', title: `Latest ${PUBLIC_PRICES_DEFAULT_LIMIT} prices, every token and network`, command: curl('/prices') },
    { id: 'xsd-ethereum', title: 'XSD on Ethereum, newest 10', command: curl('/prices?token=XSD&chain=Ethereum&limit=10') },
    { id: 'bankx-range', title: 'BankX on BSC over a date range', command: curl('/prices?token=BANKX&chain=BSC&from=2025-06-01&to=2025-06-30') },
    { id: 'candles', title: 'Hourly candles of XSD on Base', command: curl('/candles?token=XSD&chain=Base&interval=1h&limit=24') },
  ];
}
