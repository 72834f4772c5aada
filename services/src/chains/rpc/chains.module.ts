import { Module } from '@nestjs/common';
import type { NetworkConfig } from '@xsd/contracts';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../core/injection-tokens.js';
import { Metrics } from '../../metrics/metrics.js';
import type { ChainReaderOptions } from './chain-reader.js';
import { ChainReaders } from './chain-readers.js';
import { configuredNetworks } from './configured-networks.js';
import { EndpointChecks } from './endpoint-checks.js';

/** The network table of the configured profile (tests replace it with their devnet's). */
export const NETWORKS = Symbol('NETWORKS');
/** Overrides of the chain-read policy (tests shorten the back-off). */
export const CHAIN_READER_OPTIONS = Symbol('CHAIN_READER_OPTIONS');

@Module({
  providers: [
    {
      provide: NETWORKS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): readonly NetworkConfig[] => configuredNetworks(config),
    },
    { provide: CHAIN_READER_OPTIONS, useValue: {} },
    {
      provide: ChainReaders,
      inject: [NETWORKS, CHAIN_READER_OPTIONS, Metrics],
      // Every read of the process counts, the API's wallet scans and probes as well as the
      // ingestor's ticks: they share the endpoints' judgement, so they share its figures.
      useFactory: (networks: readonly NetworkConfig[], options: Partial<ChainReaderOptions>, metrics: Metrics) =>
        new ChainReaders(networks, options, metrics),
    },
    EndpointChecks,
  ],
  exports: [NETWORKS, ChainReaders],
})
export class ChainsModule {}
