import type { AnyEvent } from '@xsd/contracts';
import type { Consumer, ConsumerMessages, JsMsg, NatsConnection } from 'nats';
import { type DeliveryPolicy, deliverBatch, describeError, StopSignal } from '../batch-delivery.js';
import type { BatchHandler, StoredEvent, Subscription } from '../event-log.js';

/**
 * How long one pull request waits on the server. Heartbeats come at half of it, and two missed
 * ones make the client pull again: after the consumer's leader dies with the pull request, this
 * is how soon the new leader is asked. The library's 30 s would stall a projection that long.
 */
const PULL_EXPIRES_MS = 5_000;
/** How long a hole before the next sequence may last before it is worth a warning. */
const GAP_WARNING_MS = 10_000;

interface Held {
  message: JsMsg;
  readonly stored: StoredEvent;
  touched: number;
}

/**
 * One running durable consumer. `consume()` keeps pull requests open, so a new event arrives
 * without polling; messages collect in `waiting` and the loop hands them to the handler in order,
 * as many as are there (up to maxBatch). A failed batch is retried here, with the messages kept
 * alive (`working`), rather than nak'd: a nak would let later messages overtake it.
 *
 * The handler only ever gets the next sequences in order. After a fail-over the new consumer
 * leader may send later messages before it redelivers the ones lost with the old leader (at their
 * ack wait); those later ones wait here until the hole is filled.
 */
export class JetStreamSubscription implements Subscription {
  private readonly signal = new StopSignal();
  /** Received, not yet handed to the handler, by ascending sequence. */
  private waiting: Held[] = [];
  /** Handed to the handler, not yet settled. */
  private readonly inFlight = new Map<number, Held>();
  private settledThrough: number;
  private messages: ConsumerMessages | null = null;
  private running: Promise<void> = Promise.resolve();
  private keepAlive: NodeJS.Timeout | null = null;

  constructor(
    private readonly nc: NatsConnection,
    private readonly name: string,
    fromSequence: number,
    private readonly maxBatch: number,
    private readonly handler: BatchHandler,
    private readonly policy: DeliveryPolicy,
    private readonly ackWaitMs: number,
    private readonly onStopped: () => Promise<void>,
  ) {
    this.settledThrough = fromSequence - 1;
  }

  async start(consumer: Consumer): Promise<void> {
    this.messages = await consumer.consume({
      max_messages: Math.max(2 * this.maxBatch, 256),
      expires: PULL_EXPIRES_MS,
      callback: (message) => this.receive(message),
    });
    this.messages.closed().catch((error: unknown) => {
      if (!this.signal.stopped) this.policy.logger.error(`Event log consumer '${this.name}' closed: ${describeError(error)}`);
    });
    this.keepAlive = setInterval(() => this.touchHeld(), Math.floor(this.ackWaitMs / 3));
    this.keepAlive.unref();
    this.running = this.run();
  }

  async stop(): Promise<void> {
    if (!this.signal.stopped) {
      this.signal.stop();
      this.messages?.stop();
    }
    await this.running;
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (!this.nc.isClosed()) {
      // Settle explicitly what was received but not handled: the server may deliver it again.
      for (const held of this.waiting.splice(0)) held.message.nak();
      // Every ack and nak sent so far reaches the server before a new subscription looks at it.
      await this.nc.flush().catch(() => undefined);
    }
    await this.onStopped();
  }

  private receive(message: JsMsg): void {
    if (this.signal.stopped) {
      message.nak(); // arrived while stopping: back to the server for the next subscription
      return;
    }
    const sequence = message.seq;
    if (sequence <= this.settledThrough) {
      message.ack(); // a redelivery of one already settled (its ack was lost)
      return;
    }
    const current = this.inFlight.get(sequence);
    if (current) {
      current.message = message; // redelivered while the handler has it: ack the newest copy
      return;
    }
    let stored: StoredEvent;
    try {
      stored = toStored(message);
    } catch (error) {
      this.policy.logger.error(
        `Event log consumer '${this.name}': message ${sequence} on ${message.subject} is not an event, ` +
          `terminating it: ${describeError(error)}`,
      );
      message.term();
      return;
    }
    const held: Held = { message, stored, touched: Date.now() };
    const last = this.waiting.at(-1);
    if (!last || last.stored.sequence < sequence) this.waiting.push(held);
    else {
      const index = this.waiting.findIndex((item) => item.stored.sequence >= sequence);
      if (this.waiting[index].stored.sequence === sequence) this.waiting[index] = held;
      else this.waiting.splice(index, 0, held);
    }
    this.signal.wake();
  }

  private async run(): Promise<void> {
    let gapSince: number | null = null;
    while (!this.signal.stopped) {
      const ready = this.consecutive();
      if (ready === 0) {
        if (this.waiting.length > 0) gapSince = this.warnOfGap(gapSince);
        await this.signal.wait(this.waiting.length > 0 ? 1_000 : 60_000);
        continue;
      }
      gapSince = null;
      const taken = this.waiting.splice(0, ready);
      for (const held of taken) this.inFlight.set(held.stored.sequence, held);
      try {
        const settled = await deliverBatch(
          taken.map((held) => held.stored),
          {
            consumer: this.name,
            handler: this.handler,
            policy: this.policy,
            signal: this.signal,
            settle: async (events, outcome) => this.settle(events, outcome),
          },
        );
        if (!settled) {
          // Stopped part way: the rest of the batch goes back (its failure was not final).
          for (const held of this.inFlight.values()) held.message.nak();
          return;
        }
      } catch (error) {
        // Only a failing ack gets here, when the connection is closed for good: what was not
        // acked is delivered again to the next subscription.
        this.policy.logger.error(`Event log consumer '${this.name}' stopped delivering: ${describeError(error)}`);
        return;
      } finally {
        this.inFlight.clear();
      }
    }
  }

  /** How many waiting messages continue the settled sequence without a hole, up to maxBatch. */
  private consecutive(): number {
    let count = 0;
    while (
      count < this.waiting.length &&
      count < this.maxBatch &&
      this.waiting[count].stored.sequence === this.settledThrough + 1 + count
    ) {
      count += 1;
    }
    return count;
  }

  private warnOfGap(since: number | null): number {
    const now = Date.now();
    if (since === null) return now;
    if (now - since >= GAP_WARNING_MS) {
      this.policy.logger.warn(
        `Event log consumer '${this.name}' waits for sequence ${this.settledThrough + 1}, ` +
          `holding ${this.waiting.length} later ones (from ${this.waiting[0].stored.sequence})`,
      );
      return now;
    }
    return since;
  }

  /**
   * The consumer acknowledges cumulatively (AckPolicy.All): batches settle in order, so one ack of
   * a batch's last message settles the whole batch, a thousand times fewer acks than one each.
   */
  private async settle(events: readonly StoredEvent[], outcome: 'handled' | 'dead-lettered'): Promise<void> {
    let last: Held | undefined;
    for (const { sequence } of events) {
      const held = this.inFlight.get(sequence);
      if (!held) continue;
      if (outcome === 'dead-lettered') held.message.term();
      else last = held;
      this.inFlight.delete(sequence);
      this.settledThrough = Math.max(this.settledThrough, sequence);
    }
    last?.message.ack();
  }

  /** Tells the server we still work on messages held longer than a third of the ack wait. */
  private touchHeld(): void {
    const now = Date.now();
    const stale = now - this.ackWaitMs / 3;
    for (const held of [...this.inFlight.values(), ...this.waiting]) {
      if (held.touched <= stale) {
        held.message.working();
        held.touched = now;
      }
    }
  }
}

export function toStored(message: JsMsg): StoredEvent {
  return { sequence: message.seq, event: message.json<AnyEvent>() };
}

