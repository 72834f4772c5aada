import { type DynamicModule, Module } from '@nestjs/common';
import { AnalyticsRetentionModule } from '../analytics/analytics-retention.module.js';
import { ApiModule } from '../api/api.module.js';
import type { AppConfig } from '../config/config.js';
import { CoreModule } from '../core/core.module.js';
import { IngestorModule } from '../ingestor/ingestor.module.js';
import { NotifierModule } from '../notifier/notifier.module.js';
import { OpsModule } from '../ops/ops.module.js';
import { ProjectorModule } from '../projector/projector.module.js';
import { ReadModelsModule } from '../read-models/read-models.module.js';
import { MaintenanceSchedulerModule } from '../site/maintenance-scheduler.module.js';

@Module({})
class AppRoot {}

/** What every role stands on: the infrastructure and the read models' repositories. */
const foundation = (config: AppConfig) => [CoreModule.forRoot(config), ReadModelsModule];
/** A running service also serves metrics and probes on its ops listener (XSD_METRICS_PORT). */
const service = (config: AppConfig) => [...foundation(config), OpsModule];

/**
 * The process roles of the design. `all` is the embedded single process of `make start`; the
 * others are the separately scalable services of the distributed deployment.
 */
export const appModules = {
  all: (config: AppConfig): DynamicModule => ({
    module: AppRoot,
    imports: [
      ...service(config),
      ProjectorModule.forRoot({ autostart: true }),
      MaintenanceSchedulerModule.forRoot({ autostart: true }),
      AnalyticsRetentionModule.forRoot({ autostart: true }),
      IngestorModule.forRoot({ autostart: true }),
      NotifierModule.forRoot({ autostart: true }),
      ApiModule,
    ],
  }),
  api: (config: AppConfig): DynamicModule => ({
    module: AppRoot,
    imports: [...service(config), ApiModule],
  }),
  /** Also ends maintenance at its expected up time and prunes old raw analytics rows (schedules live here, never in the API). */
  projector: (config: AppConfig): DynamicModule => ({
    module: AppRoot,
    imports: [
      ...service(config),
      ProjectorModule.forRoot({ autostart: true }),
      MaintenanceSchedulerModule.forRoot({ autostart: true }),
      AnalyticsRetentionModule.forRoot({ autostart: true }),
    ],
  }),
  /** Reads the chains every 30 s and appends price and silver ticks; run one or more replicas. */
  ingestor: (config: AppConfig): DynamicModule => ({
    module: AppRoot,
    imports: [...service(config), IngestorModule.forRoot({ autostart: true })],
  }),
  /**
   * Follows the log and sends web push for the alert rules. Replicas are safe: one leads (an
   * advisory lock), the others wait to take over.
   */
  notifier: (config: AppConfig): DynamicModule => ({
    module: AppRoot,
    imports: [...service(config), NotifierModule.forRoot({ autostart: true })],
  }),
  /** One-off commands (`xsd projections rebuild`): infrastructure and projections, nothing started. */
  oneOffCommands: (config: AppConfig): DynamicModule => ({
    module: AppRoot,
    imports: [...foundation(config), ProjectorModule.forRoot({ autostart: false })],
  }),
};
