import type { Kysely } from 'kysely';
import { type AppConfig, natsServers } from '../config/config.js';
import type { DB } from '../database/schema.js';
import type { DeadLetterHandler } from './batch-delivery.js';
import { EmbeddedEventLog } from './embedded/embedded-event-log.js';
import type { EventLog } from './event-log.js';
import { JetStreamEventLog } from './jetstream/jetstream-event-log.js';

/**
 * NATS_URL set (one server or a cluster's list): the JetStream log; unset: the log in a table of the
 * application database. `onDeadLetter` hears of each event a consumer gave up on.
 */
export async function openEventLog(config: AppConfig, db: Kysely<DB>, onDeadLetter: DeadLetterHandler): Promise<EventLog> {
  if (config.natsUrl) {
    return JetStreamEventLog.connect({
      servers: natsServers(config.natsUrl),
      replicas: config.streamReplicas,
      stream: config.stream,
      subjectPrefix: config.subjectPrefix,
      connectionName: 'silverboard',
      onDeadLetter,
    });
  }
  return new EmbeddedEventLog(db, { onDeadLetter });
}
