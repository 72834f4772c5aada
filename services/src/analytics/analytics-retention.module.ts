import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { ANALYTICS_RETENTION_AUTOSTART, AnalyticsRetention } from './analytics-retention.js';

/** The raw analytics rows' retention. Part of the `projector` and `all` roles, like the projection that writes them. */
@Module({})
export class AnalyticsRetentionModule {
  /** `autostart: false` builds it without pruning on its own (tests call `prune()`). */
  static forRoot({ autostart }: { autostart: boolean }): DynamicModule {
    return {
      module: AnalyticsRetentionModule,
      imports: [ScheduleModule.forRoot()],
      providers: [{ provide: ANALYTICS_RETENTION_AUTOSTART, useValue: autostart }, AnalyticsRetention],
      exports: [AnalyticsRetention],
    };
  }
}
