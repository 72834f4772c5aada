import { activeNetworks, type ActiveNetwork, type ChainName, type NetworkConfig } from '@xsd/contracts';
import type { Metrics } from '../../metrics/metrics.js';
import { ChainReader, type ChainReaderOptions } from './chain-reader.js';

/** One reader per active network, kept for the process so each remembers how its endpoints behave. */
export class ChainReaders {
  readonly networks: readonly ActiveNetwork[];
  private readonly readers: ReadonlyMap<ChainName, ChainReader>;

  constructor(networks: readonly NetworkConfig[], options: Partial<ChainReaderOptions> = {}, metrics: Metrics | null = null) {
    this.networks = activeNetworks(networks);
    this.readers = new Map(this.networks.map((network) => [network.name, new ChainReader(network, options, metrics)]));
  }

  get(chain: ChainName): ChainReader {
    const reader = this.readers.get(chain);
    if (!reader) throw new Error(`Unknown network: ${chain} is not an active chain`);
    return reader;
  }

  /** Every chain's endpoints checked (chain id and head), all in parallel; see ChainReader.checkEndpoints. */
  async checkEndpoints(): Promise<void> {
    await Promise.all([...this.readers.values()].map((reader) => reader.checkEndpoints()));
  }

  /** Every chain's first check, once per process: endpoints are known before their answers are trusted. */
  async checkedOnce(): Promise<void> {
    await Promise.all([...this.readers.values()].map((reader) => reader.checkedOnce()));
  }
}
