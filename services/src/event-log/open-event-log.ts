import type { Kysely } from 'kysely';
import { type AppConfig, natsServers } from '../config/config.js';
import type { DB } from '../database/schema.js';
import { deadLetterRecorder } from '../projector/dead-letters.js';
import { EmbeddedEventLog } from './embedded/embedded-event-log.js';
import type { EventLog } from './event-log.js';
import { JetStreamEventLog } from './jetstream/jetstream-event-log.js';

/** NATS_URL set (one server or a cluster's list): the JetStream log; unset: the log in a table of the application database. */
export async function openEventLog(config: AppConfig, db: Kysely<DB>): Promise<EventLog> {
  const onDeadLetter = deadLetterRecorder(db);
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
