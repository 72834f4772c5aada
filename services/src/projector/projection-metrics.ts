import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../core/clock.js';
import { Metrics } from '../metrics/metrics.js';
import { Projector } from './projector.js';

/**
 * The projections' gauges, read from the checkpoints and the log at each scrape of a process that
 * runs the projector. Every projection's dead-letter count starts at 0, so an alert on its
 * increase sees the first one.
 */
@Injectable()
export class ProjectionMetrics {
  constructor(projector: Projector, metrics: Metrics, @Inject(CLOCK) clock: Clock) {
    for (const name of projector.names) metrics.projectionDeadLetters.inc({ projection: name }, 0);
    metrics.addCollector(async () => {
      const { projections } = await projector.lag(clock());
      for (const { name, checkpoint, events, seconds } of projections) {
        metrics.projectionCheckpointSequence.set({ projection: name }, checkpoint);
        metrics.projectionLagEvents.set({ projection: name }, events);
        metrics.projectionLagSeconds.set({ projection: name }, seconds);
      }
    });
  }
}
