import { Logger } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { DB } from '../database/schema.js';
import type { DeadLetterHandler } from '../event-log/batch-delivery.js';
import { CheckpointsRepository, PROJECTION_CONSUMER_PREFIX } from './checkpoints.repository.js';

/**
 * Called by the event log when a consumer gave up on one event after the maximum deliveries.
 * Records it in dead_letters for an operator to inspect and, for a projection, moves the
 * checkpoint past it in the same transaction, so the projection goes on with the next event
 * instead of waiting forever for the one it cannot apply.
 */
export function deadLetterRecorder(db: Kysely<DB>): DeadLetterHandler {
  const checkpoints = new CheckpointsRepository({ db });
  const logger = new Logger('DeadLetters');
  return async (stored, error, consumer) => {
    const message = error instanceof Error ? error.message : String(error);
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
      if (consumer.startsWith(PROJECTION_CONSUMER_PREFIX)) {
        const projection = consumer.slice(PROJECTION_CONSUMER_PREFIX.length);
        await checkpoints.ensure(trx, projection);
        const checkpoint = await checkpoints.lock(trx, projection);
        if (checkpoint === stored.sequence - 1) await checkpoints.set(trx, projection, stored.sequence);
      }
    });
    logger.error(`${consumer} skipped event ${stored.sequence} (${stored.event.type} ${stored.event.id}): ${message}`);
  };
}
