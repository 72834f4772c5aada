import type { BatchHandler, StoredEvent } from './event-log.js';

/**
 * What a consumer does with an event it could not handle after the maximum deliveries (write a
 * dead-letter record). The event is settled (JetStream `term`, embedded position moved past it)
 * only after this resolves; if it throws, it is called again after the retry delay, so an event
 * is never dropped because its dead letter could not be written.
 */
export type DeadLetterHandler = (stored: StoredEvent, error: unknown, consumer: string) => void | Promise<void>;

/** Redelivery policy shared by both adapters. */
export interface DeliveryOptions {
  /** Deliveries of a batch (and then of each of its events alone) before dead-lettering. Default 5. */
  readonly maxDeliveries?: number;
  /** Wait before delivering a failed batch again. Default 1,000 ms. */
  readonly retryDelayMs?: number;
  /** Default: log the event and the error. */
  readonly onDeadLetter?: DeadLetterHandler;
  readonly logger?: Pick<Console, 'error' | 'warn'>;
}

export interface DeliveryPolicy {
  readonly maxDeliveries: number;
  readonly retryDelayMs: number;
  readonly onDeadLetter: DeadLetterHandler;
  readonly logger: Pick<Console, 'error' | 'warn'>;
}

export function deliveryPolicy(options: DeliveryOptions = {}): DeliveryPolicy {
  const logger = options.logger ?? console;
  const maxDeliveries = options.maxDeliveries ?? 5;
  if (!Number.isInteger(maxDeliveries) || maxDeliveries < 1) {
    throw new RangeError(`maxDeliveries must be a positive integer, got ${maxDeliveries}`);
  }
  return {
    maxDeliveries,
    retryDelayMs: Math.max(0, options.retryDelayMs ?? 1_000),
    logger,
    onDeadLetter:
      options.onDeadLetter ??
      ((stored, error, consumer) =>
        logger.error(
          `Event log consumer '${consumer}' gave up on event ${stored.event.id} (sequence ${stored.sequence}, ` +
            `${stored.event.type}): ${describeError(error)}`,
        )),
  };
}

/**
 * A subscription loop's doorbell: `wake()` when there may be new events, `stop()` to end it. A
 * wake-up that comes while nobody waits is remembered, so the loop cannot miss an append that
 * lands between its last read and its next wait.
 */
export class StopSignal {
  #stopped = false;
  #woken = false;
  readonly #wakers = new Set<() => void>();
  readonly #sleepers = new Set<() => void>();

  get stopped(): boolean {
    return this.#stopped;
  }

  stop(): void {
    this.#stopped = true;
    this.wake();
    for (const sleeper of [...this.#sleepers]) sleeper();
  }

  /** Ends every current `wait` early, or the next one if nobody waits now. */
  wake(): void {
    this.#woken = true;
    const wakers = [...this.#wakers];
    this.#wakers.clear();
    for (const waker of wakers) waker();
  }

  /** Forgets a wake-up that came while nobody waited (the caller has seen what it was for). */
  forgetWake(): void {
    this.#woken = false;
  }

  /** Resolves after `ms`, on `wake()` (also one that came since the last wait) or on `stop()`. */
  wait(ms: number): Promise<void> {
    if (this.#stopped || this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        this.#woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.add(done);
    });
  }

  /** A delay only `stop()` cuts short (wake-ups are kept for the next `wait`); true when it ran out. */
  sleep(ms: number): Promise<boolean> {
    if (this.#stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#sleepers.delete(done);
        resolve(!this.#stopped);
      };
      const timer = setTimeout(done, ms);
      this.#sleepers.add(done);
    });
  }
}

export interface BatchDelivery {
  readonly consumer: string;
  readonly handler: BatchHandler;
  readonly policy: DeliveryPolicy;
  readonly signal: StopSignal;
  /** Acknowledges events the handler took, or that were dead-lettered; called in order. */
  settle(events: readonly StoredEvent[], outcome: 'handled' | 'dead-lettered'): Promise<void>;
}

/**
 * Hands one batch to the handler until it is settled. A failing batch is delivered again after
 * `retryDelayMs`; after `maxDeliveries` failures its events are delivered one at a time, each with
 * its own `maxDeliveries`, and an event that still fails is dead-lettered. So one poisonous event
 * costs its neighbours only a few redeliveries, and nothing is ever skipped silently.
 *
 * Returns false when stopped before the whole batch was settled (the rest is delivered again on
 * the next subscription).
 */
export async function deliverBatch(batch: readonly StoredEvent[], delivery: BatchDelivery): Promise<boolean> {
  const failure = await deliverWithRetries(batch, delivery);
  if (failure === 'stopped') return false;
  if (failure === null) {
    await delivery.settle(batch, 'handled');
    return true;
  }
  if (batch.length === 1) return deadLetter(batch[0], failure.error, delivery);
  delivery.policy.logger.warn(
    `Event log consumer '${delivery.consumer}': batch ${batch[0].sequence}..${batch.at(-1)?.sequence} failed ` +
      `${delivery.policy.maxDeliveries} times (${describeError(failure.error)}); delivering its events one at a time`,
  );
  for (const stored of batch) {
    const single = await deliverWithRetries([stored], delivery);
    if (single === 'stopped') return false;
    if (single === null) await delivery.settle([stored], 'handled');
    else if (!(await deadLetter(stored, single.error, delivery))) return false;
  }
  return true;
}

async function deliverWithRetries(
  batch: readonly StoredEvent[],
  { handler, policy, signal }: BatchDelivery,
): Promise<{ error: unknown } | null | 'stopped'> {
  let error: unknown;
  for (let delivery = 1; delivery <= policy.maxDeliveries; delivery += 1) {
    if (signal.stopped) return 'stopped';
    try {
      await handler(batch);
      return null;
    } catch (thrown) {
      error = thrown;
    }
    if (delivery < policy.maxDeliveries && !(await signal.sleep(policy.retryDelayMs))) return 'stopped';
  }
  return { error };
}

/** Records the dead letter, then settles the event; false when stopped before that. */
async function deadLetter(stored: StoredEvent, error: unknown, delivery: BatchDelivery): Promise<boolean> {
  const { policy, signal, consumer } = delivery;
  for (;;) {
    if (signal.stopped) return false;
    try {
      await policy.onDeadLetter(stored, error, consumer);
      break;
    } catch (thrown) {
      policy.logger.error(
        `Event log consumer '${consumer}': could not record the dead letter of sequence ${stored.sequence}, ` +
          `retrying: ${describeError(thrown)}`,
      );
      if (!(await signal.sleep(policy.retryDelayMs))) return false;
    }
  }
  await delivery.settle([stored], 'dead-lettered');
  return true;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
