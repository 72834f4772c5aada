/** The networks the product knows, in the spec's display order. Pulsechain is "coming soon". */
export const CHAIN_NAMES = [
  'Ethereum',
  'BSC',
  'Arbitrum',
  'Polygon',
  'Optimism',
  'Base',
  'Avalanche',
  'Pulsechain',
] as const;
export type ChainName = (typeof CHAIN_NAMES)[number];

export const TOKEN_NAMES = ['XSD', 'BankX'] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];

/**
 * How a token or chain name typed by a person or sent in a query is read, everywhere (API query
 * schemas, CLI options): trimmed, any case. 'xsd', 'BANKX' → the token name; null for anything else.
 */
export function parseTokenName(value: string): TokenName | null {
  const lower = value.trim().toLowerCase();
  return TOKEN_NAMES.find((token) => token.toLowerCase() === lower) ?? null;
}

/** 'ethereum', 'BSC', ' base ' → the chain name; null for anything else. */
export function parseChainName(value: string): ChainName | null {
  const lower = value.trim().toLowerCase();
  return CHAIN_NAMES.find((chain) => chain.toLowerCase() === lower) ?? null;
}

/** What the API (400) and the CLI (usage error) say for a name they cannot read. */
export const unknownTokenMessage = (value: string) => `Unknown token '${value}': expected ${TOKEN_NAMES.join(' or ')}`;
export const unknownChainMessage = (value: string) => `Unknown network '${value}': expected one of ${CHAIN_NAMES.join(', ')}`;
