import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import type { PriceIngestorOptions } from './price-ingestor.js';
import { INGESTOR_AUTOSTART, INGESTOR_OPTIONS, IngestorService } from './ingestor.service.js';

/** The price ingestor role: chain readers, the schedule and the service. */
@Module({})
export class IngestorModule {
  /** `autostart: false` builds everything without ticking (tests call `tick()` themselves). */
  static forRoot({ autostart, options = {} }: { autostart: boolean; options?: Partial<PriceIngestorOptions> }): DynamicModule {
    return {
      module: IngestorModule,
      imports: [ScheduleModule.forRoot(), ChainsModule],
      providers: [
        { provide: INGESTOR_AUTOSTART, useValue: autostart },
        { provide: INGESTOR_OPTIONS, useValue: options },
        IngestorService,
      ],
      exports: [IngestorService],
    };
  }
}
