import { AckPolicy, DeliverPolicy, ErrorCode, type JetStreamManager, nanos, NatsError, StorageType } from 'nats';
import { describeError } from '../batch-delivery.js';
import { EventLogUnavailableError, type SubscribeOptions } from '../event-log.js';

/** How long the server keeps an ephemeral consumer (a per-process follower) after its subscriber vanished. */
const DEFAULT_INACTIVE_THRESHOLD_MS = 60_000;

/** Errors the JetStream API answers with (`err_code`). */
export const JS_ERROR = {
  streamNotFound: 10059,
  consumerNotFound: 10014,
  noMessageFound: 10037,
  wrongLastSequence: 10071,
} as const;

export function jsErrorCode(error: unknown): number | undefined {
  return error instanceof NatsError ? error.api_error?.err_code : undefined;
}

/** A JetStream API request met an election or a reconnect: no answer, or 503. */
export function isTransientApiError(error: unknown): boolean {
  return (
    error instanceof NatsError &&
    (error.code === ErrorCode.Timeout || error.code === ErrorCode.NoResponders || error.api_error?.code === 503)
  );
}

export interface StreamSettings {
  readonly stream: string;
  readonly subjects: string;
  readonly replicas: number;
  /** Deduplication window of a stream created here. */
  readonly duplicateWindowMs: number;
}

/**
 * Creates the stream if it is missing, and raises the replicas of an existing one that has fewer
 * (its durable consumers that inherit the stream's replicas follow). Otherwise an existing stream
 * is left as configured. Idempotent.
 */
export async function ensureStream(jsm: JetStreamManager, { stream, subjects, replicas, duplicateWindowMs }: StreamSettings): Promise<void> {
  const existing = await jsm.streams.info(stream).catch((error: unknown) => {
    if (jsErrorCode(error) === JS_ERROR.streamNotFound) return null;
    throw error;
  });
  if (existing) {
    if (!existing.config.subjects?.includes(subjects)) {
      throw new EventLogUnavailableError(
        `Stream ${stream} exists but does not hold '${subjects}' (it holds ${JSON.stringify(existing.config.subjects)})`,
      );
    }
    if (existing.config.num_replicas < replicas) {
      try {
        await jsm.streams.update(stream, { ...existing.config, num_replicas: replicas });
      } catch (error) {
        if (isTransientApiError(error)) throw error;
        throw new EventLogUnavailableError(
          `Stream ${stream} has ${existing.config.num_replicas} replica(s) and could not be raised to ` +
            `${replicas} (XSD_STREAM_REPLICAS): ${describeError(error)}`,
          { cause: error },
        );
      }
    }
    return;
  }
  // Another process may create it in between: the caller runs this again then (createOrBindRacing).
  await jsm.streams.add({
    name: stream,
    subjects: [subjects],
    storage: StorageType.File,
    duplicate_window: nanos(duplicateWindowMs),
    num_replicas: replicas,
    allow_direct: true,
  });
}

export interface ConsumerPlacement extends SubscribeOptions {
  readonly maxBatch: number;
  readonly ackWaitMs: number;
  readonly replicas: number;
}

/**
 * Keeps the consumer if it stands exactly at fromSequence (nothing delivered and unacknowledged,
 * enough replicas, durable or ephemeral as asked), else (re)creates it there: a pull consumer with
 * cumulative acks and unlimited server redeliveries (the subscription counts deliveries itself).
 */
export async function placeConsumer(
  jsm: JetStreamManager,
  stream: string,
  name: string,
  { fromSequence, maxBatch, ackWaitMs, replicas, ephemeral = false, inactiveThresholdMs = DEFAULT_INACTIVE_THRESHOLD_MS }: ConsumerPlacement,
): Promise<void> {
  const info = await jsm.consumers.info(stream, name).catch((error: unknown) => {
    if (jsErrorCode(error) === JS_ERROR.consumerNotFound) return null;
    throw error;
  });
  const standsThere =
    info !== null &&
    info.config.ack_policy === AckPolicy.All &&
    info.num_ack_pending === 0 &&
    info.delivered.stream_seq + 1 === fromSequence &&
    // One made when the stream had fewer replicas may keep its own count: check it and its peers.
    (!info.config.num_replicas || info.config.num_replicas >= replicas) &&
    (info.cluster?.replicas?.length ?? 0) + 1 >= replicas &&
    (info.config.durable_name === undefined) === ephemeral;
  if (standsThere) return;
  if (info) await jsm.consumers.delete(stream, name);
  await jsm.consumers.add(stream, {
    ...(ephemeral ? { name, inactive_threshold: nanos(inactiveThresholdMs) } : { durable_name: name }),
    ack_policy: AckPolicy.All,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: fromSequence,
    ack_wait: nanos(ackWaitMs),
    max_deliver: -1,
    max_ack_pending: Math.max(4 * maxBatch, 4_000),
    num_replicas: replicas,
  });
}
