import { CHAIN_IDS, type ChainName, type NetworkConfig, type TokenName } from '@xsd/contracts';
import { PRICE_METHODS, type PriceProvenance } from '@xsd/contracts/api/prices';

/**
 * Where a public API price comes from: the network table's chain id and price controller, the
 * block the ingestor read at (price.ticked carries it; older events have none), the read time, and
 * its age at `asOf`, the moment the answer was made.
 */
export function priceProvenance(
  networks: ReadonlyMap<ChainName, NetworkConfig>,
  reading: { readonly token: TokenName; readonly chain: ChainName; readonly readAt: Date; readonly blockNumber: number | null },
  asOf: Date,
): PriceProvenance {
  const network = networks.get(reading.chain);
  return {
    chain_id: network?.chainId ?? CHAIN_IDS[reading.chain],
    chain_name: reading.chain,
    contract: network?.priceController ?? null,
    method: PRICE_METHODS[reading.token],
    block_number: reading.blockNumber,
    read_at: reading.readAt.toISOString(),
    age_seconds: Math.max(0, Math.floor((asOf.getTime() - reading.readAt.getTime()) / 1000)),
  };
}
