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

export function isChainName(value: string): value is ChainName {
  return (CHAIN_NAMES as readonly string[]).includes(value);
}

export function isTokenName(value: string): value is TokenName {
  return (TOKEN_NAMES as readonly string[]).includes(value);
}
