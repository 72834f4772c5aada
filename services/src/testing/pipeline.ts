import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../database/database.js';
import type { DB } from '../database/schema.js';
import { EmbeddedEventLog } from '../event-log/embedded/embedded-event-log.js';
import type { EventLog } from '../event-log/event-log.js';
import { JetStreamEventLog } from '../event-log/jetstream/jetstream-event-log.js';
import { Metrics } from '../metrics/metrics.js';
import { deadLetterRecorder } from '../core/dead-letters.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import type { Projection } from '../projector/projection.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';
import { Projector, type ProjectorOptions } from '../projector/projector.js';
import { ProjectorLeadership } from '../projector/projector-leadership.js';
import { createPgliteTestDatabase, createTestDatabase } from './test-database.js';
import { deleteStream, TEST_NATS_URL, type TestStream, uniqueStream } from './test-stream.js';

export type PipelineKind = 'embedded' | 'jetstream';

/** Database, event log and progress of one throwaway pipeline, embedded or distributed. */
export interface Pipeline {
  readonly kind: PipelineKind;
  readonly db: Kysely<DB>;
  readonly log: EventLog;
  readonly progress: ProjectionProgress;
  /** Where the log's dead letters are counted, as CoreModule wires it. */
  readonly metrics: Metrics;
  /** Present for the distributed kind: where another process finds the same data. */
  readonly env: Record<string, string>;
  projector(projections?: readonly Projection[], options?: ProjectorOptions): Projector;
  cleanup(): Promise<void>;
}

/**
 * embedded: in-memory PGlite with the log in a table; jetstream: a fresh PostgreSQL database and
 * a JetStream stream of its own on the machine's servers. Both are removed by cleanup().
 */
export async function openPipeline(kind: PipelineKind, options: { retryDelayMs?: number } = {}): Promise<Pipeline> {
  const delivery = { retryDelayMs: options.retryDelayMs ?? 50 };
  const metrics = new Metrics({ processMetrics: false });
  let handle: DatabaseHandle;
  let log: EventLog;
  let env: Record<string, string> = {};
  let cleanupStorage: () => Promise<void>;
  if (kind === 'embedded') {
    handle = await createPgliteTestDatabase();
    log = new EmbeddedEventLog(handle.db, { ...delivery, onDeadLetter: deadLetterRecorder(handle.db, metrics) });
    cleanupStorage = () => handle.close();
  } else {
    const database = await createTestDatabase();
    const stream: TestStream = uniqueStream();
    handle = database.handle;
    log = await JetStreamEventLog.connect({
      servers: TEST_NATS_URL,
      ...stream,
      ...delivery,
      onDeadLetter: deadLetterRecorder(handle.db, metrics),
    });
    env = { DATABASE_URL: database.url, NATS_URL: TEST_NATS_URL, XSD_STREAM: stream.stream, XSD_SUBJECT_PREFIX: stream.subjectPrefix };
    cleanupStorage = async () => {
      await deleteStream(stream.stream);
      await database.drop();
    };
  }
  const { db } = handle;
  const progress = new ProjectionProgress(new CheckpointsRepository({ db }));
  const projectors: Projector[] = [];
  return {
    kind,
    db,
    log,
    progress,
    metrics,
    env,
    projector(projections = ALL_PROJECTIONS, projectorOptions) {
      const projector = new Projector(handle, log, projections, progress, {
        leadership: new ProjectorLeadership(db, handle.kind),
        ...projectorOptions,
      });
      projectors.push(projector);
      return projector;
    },
    async cleanup() {
      await Promise.all(projectors.map((projector) => projector.stop()));
      await log.close();
      await cleanupStorage();
    },
  };
}
