import { Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { DB } from '../database/schema.js';
import type { DeadLetterHandler } from '../event-log/batch-delivery.js';
import type { Metrics } from '../metrics/metrics.js';
import { CheckpointsRepository, PROJECTION_CONSUMER_PREFIX } from './checkpoints.repository.js';

/**
 * Called by the event log when a consumer gave up on one event after the maximum deliveries.
 * Records it in dead_letters for an operator to inspect and, for a projection, moves the
 * checkpoint past it in the same transaction, so the projection goes on with the next event
 * instead of waiting forever for the one it cannot apply. With `metrics`, a projection's dead
 * letters are counted (xsd_projection_dead_letters_total) once they are recorded.
 */
export function deadLetterRecorder(db: Kysely<DB>, metrics?: Metrics): DeadLetterHandler {
  const checkpoints = new CheckpointsRepository({ db });
  const logger = new Logger('DeadLetters');
  return async (stored, error, consumer) => {
    const message = error instanceof Error ? error.message : String(error);
    const projection = consumer.startsWith(PROJECTION_CONSUMER_PREFIX) ? consumer.slice(PROJECTION_CONSUMER_PREFIX.length) : null;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('dead_letters')
        .values({
          consumer,
          sequence: stored.sequence,
          event_id: stored.event.id,
          event: JSON.stringify(stored.event),
          error: message,
        })
        .onConflict((oc) => oc.columns(['consumer', 'sequence']).doNothing())
        .execute();
      if (projection !== null) {
        await checkpoints.ensure(trx, projection);
        const checkpoint = await checkpoints.lock(trx, projection);
        // Below by more than one when the projector has not written the checkpoints of events the
        // projection does not apply yet (Projector's CHECKPOINT_FLUSH_MS): they were all delivered before this one.
        if (checkpoint < stored.sequence) await checkpoints.set(trx, projection, stored.sequence);
      }
    });
    if (projection !== null) metrics?.projectionDeadLetters.inc({ projection });
    logger.error(`${consumer} skipped event ${stored.sequence} (${stored.event.type} ${stored.event.id}): ${message}`);
  };
}
