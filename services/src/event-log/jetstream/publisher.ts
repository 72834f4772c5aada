import { createInbox, Events, headers, type Msg, type NatsConnection, type Subscription } from 'nats';

/** What JetStream answered a publish with (a PubAck). */
export interface PubAck {
  readonly seq: number;
  readonly duplicate: boolean;
}

/** JetStream refused a publish; `errCode` is its `err_code` (10071: wrong last subject sequence). */
export class PublishRejectedError extends Error {
  constructor(
    readonly code: number,
    readonly errCode: number | undefined,
    readonly description: string,
  ) {
    super(`JetStream refused the publish: ${description} (${code}${errCode ? `/${errCode}` : ''})`);
    this.name = 'PublishRejectedError';
  }
}

/** JetStream did not answer in time: the publish may or may not be stored. */
export class PublishTimeoutError extends Error {
  override name = 'PublishTimeoutError';
}

/** The connection dropped before JetStream answered: the publish may or may not be stored. */
export class ConnectionLostError extends Error {
  override name = 'ConnectionLostError';
}

/**
 * Failures that last only as long as a leader election or a reconnect: no answer, a dropped
 * connection, no stream leader listening (503 no responders) or JetStream answering 503
 * "temporarily unavailable". Publishing again with the same Nats-Msg-Id is safe after any of them.
 */
export function isTransientPublishError(error: unknown): boolean {
  return (
    error instanceof PublishTimeoutError ||
    error instanceof ConnectionLostError ||
    (error instanceof PublishRejectedError && error.code === 503)
  );
}

export interface PublishOptions {
  readonly msgId: string;
  readonly expectedLastSubjectSequence?: number;
}

interface Waiting {
  readonly resolve: (ack: PubAck) => void;
  readonly reject: (error: Error) => void;
  readonly deadline: number;
}

const decoder = new TextDecoder();

/**
 * Publishes to JetStream and matches PubAcks through one wildcard reply subscription. It does what
 * `js.publish` does, at a tenth of the CPU per message (no timer, promise chain and mux lookup per
 * request), so thousands of publishes can be in flight. Timeouts are swept once a second.
 */
export class Publisher {
  private readonly inbox = createInbox();
  private readonly waiting = new Map<string, Waiting>();
  private readonly replies: Subscription;
  private readonly sweeper: NodeJS.Timeout;
  private next = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly timeoutMs: number,
  ) {
    this.replies = nc.subscribe(`${this.inbox}.*`, { callback: (_error, message) => this.answer(message) });
    this.sweeper = setInterval(() => this.sweep(), 1_000);
    this.sweeper.unref();
    void this.watchConnection();
  }

  publish(subject: string, payload: Uint8Array, options: PublishOptions): Promise<PubAck> {
    const header = headers();
    header.set('Nats-Msg-Id', options.msgId);
    if (options.expectedLastSubjectSequence !== undefined) {
      header.set('Nats-Expected-Last-Subject-Sequence', String(options.expectedLastSubjectSequence));
    }
    const token = (this.next++).toString(36);
    return new Promise<PubAck>((resolve, reject) => {
      this.waiting.set(token, { resolve, reject, deadline: Date.now() + this.timeoutMs });
      try {
        this.nc.publish(subject, payload, { headers: header, reply: `${this.inbox}.${token}` });
      } catch (error) {
        this.waiting.delete(token);
        reject(error as Error);
      }
    });
  }

  close(): void {
    clearInterval(this.sweeper);
    this.replies.unsubscribe();
    this.failAll(new Error('The event log was closed before JetStream answered'));
  }

  /** Answers to publishes sent before a disconnect never come: fail them now rather than at their timeout. */
  private async watchConnection(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) {
        this.failAll(new ConnectionLostError('The connection to NATS dropped before JetStream answered'));
      }
    }
  }

  private answer(message: Msg): void {
    const token = message.subject.slice(this.inbox.length + 1);
    const waiting = this.waiting.get(token);
    if (!waiting) return; // timed out already
    this.waiting.delete(token);
    if (message.data.length === 0 && message.headers?.hasError) {
      // 503: no stream listens on the subject.
      waiting.reject(new PublishRejectedError(message.headers.code, undefined, message.headers.description || 'no responders'));
      return;
    }
    try {
      const answer = JSON.parse(decoder.decode(message.data)) as {
        seq?: number;
        duplicate?: boolean;
        error?: { code: number; err_code?: number; description: string };
      };
      if (answer.error) {
        waiting.reject(new PublishRejectedError(answer.error.code, answer.error.err_code, answer.error.description));
      } else if (typeof answer.seq === 'number') {
        waiting.resolve({ seq: answer.seq, duplicate: answer.duplicate === true });
      } else {
        waiting.reject(new Error(`Unexpected JetStream answer: ${decoder.decode(message.data)}`));
      }
    } catch (error) {
      waiting.reject(error as Error);
    }
  }

  private sweep(): void {
    const now = Date.now();
    // Deadlines grow with insertion order, so the expired ones are at the front.
    for (const [token, waiting] of this.waiting) {
      if (waiting.deadline > now) break;
      this.waiting.delete(token);
      waiting.reject(new PublishTimeoutError(`JetStream did not answer within ${this.timeoutMs} ms`));
    }
  }

  private failAll(error: Error): void {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiting of all) waiting.reject(error);
  }
}
