/**
 * A process that follows a JetStream event log with an ephemeral consumer and prints
 * `handled <sequence>` after each batch, until it is killed. Tests run it with
 * `node --conditions=source --import tsx` to see what a killed API process leaves behind.
 * Environment: NATS_URL, XSD_STREAM, XSD_SUBJECT_PREFIX, FOLLOWER_NAME, FOLLOWER_INACTIVE_MS.
 */
import { JetStreamEventLog } from '../jetstream/jetstream-event-log.js';

const env = (key: string): string => {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set`);
  return value;
};

const log = await JetStreamEventLog.connect({
  servers: env('NATS_URL').split(','),
  stream: env('XSD_STREAM'),
  subjectPrefix: env('XSD_SUBJECT_PREFIX'),
});
await log.subscribe(
  env('FOLLOWER_NAME'),
  { fromSequence: 1, ephemeral: true, inactiveThresholdMs: Number(env('FOLLOWER_INACTIVE_MS')) },
  async (batch) => {
    process.stdout.write(`handled ${batch.at(-1)?.sequence}\n`);
  },
);
process.stdout.write('following\n');
