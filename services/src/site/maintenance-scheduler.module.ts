import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { MaintenanceModule } from './maintenance.module.js';
import { MAINTENANCE_SCHEDULER_AUTOSTART, MaintenanceScheduler } from './maintenance-scheduler.js';

/**
 * The server-side end of maintenance. Part of the `projector` and `all` roles (never the API,
 * which scales freely); see MaintenanceScheduler.
 */
@Module({})
export class MaintenanceSchedulerModule {
  /** `autostart: false` builds it without checking on its own (tests call `check()`). */
  static forRoot({ autostart }: { autostart: boolean }): DynamicModule {
    return {
      module: MaintenanceSchedulerModule,
      imports: [ScheduleModule.forRoot(), MaintenanceModule],
      providers: [{ provide: MAINTENANCE_SCHEDULER_AUTOSTART, useValue: autostart }, MaintenanceScheduler],
      exports: [MaintenanceScheduler],
    };
  }
}
