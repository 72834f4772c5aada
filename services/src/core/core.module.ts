import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { type DatabaseHandle, openDatabase } from '../database/database.js';
import { migrateToLatest } from '../database/migrate.js';
import type { EventLog } from '../event-log/event-log.js';
import { openEventLog } from '../event-log/open-event-log.js';
import { Metrics } from '../metrics/metrics.js';
import { CheckpointsRepository } from './checkpoints.repository.js';
import { CLOCK, systemClock } from './clock.js';
import { deadLetterRecorder } from './dead-letters.js';
import { APP_CONFIG, DATABASE, EVENT_LOG } from './injection-tokens.js';
import { InstrumentedEventLog } from './instrumented-event-log.js';
import { ProjectionProgress } from './projection-progress.js';

/** Closes the log before the database: consumers may still be writing their last batch. */
class InfrastructureShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.log.close();
    await this.database.close();
  }
}

/**
 * Config, clock, the metrics catalogue, database (migrated at start), event log (its appends
 * measured, its dead letters recorded and counted), the projections' checkpoints and
 * read-your-writes progress, chosen by the environment alone:
 * DATABASE_URL / NATS_URL set means distributed, unset means embedded. The read models'
 * repositories come with ReadModelsModule, which each app imports beside this one. Tests replace
 * the clock with overrideProvider(CLOCK).
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: CLOCK, useValue: systemClock },
        { provide: Metrics, useValue: new Metrics({ processMetrics: config.metricsPort !== 0 }) },
        {
          provide: DATABASE,
          useFactory: async (): Promise<DatabaseHandle> => {
            const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
            await migrateToLatest(handle.db);
            new Logger('Database').log(`${handle.kind} ready, migrations applied`);
            return handle;
          },
        },
        {
          provide: EVENT_LOG,
          inject: [DATABASE, Metrics],
          useFactory: async (database: DatabaseHandle, metrics: Metrics): Promise<EventLog> =>
            new InstrumentedEventLog(await openEventLog(config, database.db, deadLetterRecorder(database.db, metrics)), metrics),
        },
        CheckpointsRepository,
        {
          provide: ProjectionProgress,
          inject: [CheckpointsRepository],
          useFactory: (checkpoints: CheckpointsRepository) => new ProjectionProgress(checkpoints),
        },
        InfrastructureShutdown,
      ],
      exports: [APP_CONFIG, CLOCK, Metrics, DATABASE, EVENT_LOG, CheckpointsRepository, ProjectionProgress],
    };
  }
}
