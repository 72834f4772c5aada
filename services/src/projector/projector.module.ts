import { type DynamicModule, Module } from '@nestjs/common';
import { DATABASE, EVENT_LOG } from '../core/injection-tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import type { EventLog } from '../event-log/event-log.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ProjectionMetrics } from './projection-metrics.js';
import { type Projection, PROJECTIONS } from './projection.js';
import { leadingConsumerLifecycle, ProjectorLeadership } from './projector-leadership.js';
import { Projector } from './projector.js';

export const PROJECTOR_AUTOSTART = Symbol('PROJECTOR_AUTOSTART');

/** Starts the projections with the application and stops them before the log closes. */
const ProjectorLifecycle = leadingConsumerLifecycle(Projector, PROJECTOR_AUTOSTART, (projector) => `leading: ${projector.names.join(', ')}`);

@Module({})
export class ProjectorModule {
  /** `autostart: false` for one-off commands such as a rebuild. */
  static forRoot({ autostart }: { autostart: boolean }): DynamicModule {
    return {
      module: ProjectorModule,
      providers: [
        { provide: PROJECTOR_AUTOSTART, useValue: autostart },
        {
          provide: Projector,
          inject: [DATABASE, EVENT_LOG, PROJECTIONS, ProjectionProgress],
          useFactory: (database: DatabaseHandle, log: EventLog, projections: readonly Projection[], progress: ProjectionProgress) =>
            new Projector(database, log, projections, progress, {
              leadership: new ProjectorLeadership(database.db, database.kind),
            }),
        },
        ProjectorLifecycle,
        ProjectionMetrics,
      ],
      exports: [Projector],
    };
  }
}
