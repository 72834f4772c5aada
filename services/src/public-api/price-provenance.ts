import { CHAIN_IDS, type ChainName, type NetworkConfig, type TokenName } from '@xsd/contracts';
import { PRICE_METHODS } from '@xsd/contracts/api/prices';
import type { ProvenanceSource } from '../read-models/json-text.js';

/**
 * Where each pair's public API prices come from: the network table's chain id and price controller
 * (the well-known chain id where the table has no such chain) and the token's price method.
 */
export function provenanceSources(
  networks: ReadonlyMap<ChainName, NetworkConfig>,
  pairs: readonly { readonly token: TokenName; readonly chain: ChainName }[],
): ProvenanceSource[] {
  return pairs.map(({ token, chain }) => {
    const network = networks.get(chain);
    return { token, chain, chain_id: network?.chainId ?? CHAIN_IDS[chain], contract: network?.priceController ?? null, method: PRICE_METHODS[token] };
  });
}
