import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { connect, type KV, type KvEntry, type NatsConnection, NatsError, StorageType } from 'nats';
import { addAttempt, type AttemptCount, type AttemptStore, type AttemptWindow, removeAttempt, withinWindow } from './attempt-store.js';
import { createOrBindRacing } from '../event-log/jetstream/creation-race.js';

export interface JetStreamAttemptStoreOptions {
  /** NATS server URL(s) (`NATS_URL`). */
  readonly servers: string | string[];
  readonly bucket: string;
  /** Copies of the bucket in a cluster (`XSD_STREAM_REPLICAS`); default 1. */
  readonly replicas?: number;
  /**
   * The longest window any caller counts over: a key nobody wrote to for this long is dropped by
   * the server (the bucket's max age), so made-up emails do not pile up.
   */
  readonly ttlMs: number;
  /** Writes tried in all when other processes keep changing the key in between (default 25); then the error is thrown. */
  readonly maxTries?: number;
}

/** JetStream's answer when the key moved on since it was read (`Nats-Expected-Last-Subject-Sequence`). */
const WRONG_LAST_SEQUENCE = 10071;
const MAX_BACKOFF_MS = 50;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The distributed mode's store: one JetStream key-value bucket (memory storage: counts are
 * worth less than the disk writes a flood would cost) shared by every API process.
 *
 * Each `add` reads the key and writes it back on the condition that its revision is still the one
 * read (compare-and-set), trying again when another process wrote in between: no attempt is lost
 * and no limit is overrun. Within this process, calls on one key wait for each other, so only
 * other processes can make a write miss. A refused `add` writes nothing: a flood past the limit
 * costs one read per attempt.
 *
 * Keys are stored hashed (SHA-256): the bucket holds no email or address in clear, and any key
 * fits the bucket's key alphabet.
 */
export class JetStreamAttemptStore implements AttemptStore {
  /** Per key, the end of the chain of this process's calls on it. */
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly maxTries: number;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly kv: KV,
    options: JetStreamAttemptStoreOptions,
  ) {
    this.maxTries = Math.max(1, options.maxTries ?? 25);
  }

  /** Connects, and creates the bucket when it does not exist yet (an existing one is used as it is). */
  static async connect(options: JetStreamAttemptStoreOptions): Promise<JetStreamAttemptStore> {
    const nc = await connect({ servers: options.servers, name: 'silverboard-attempts', maxReconnectAttempts: -1 });
    try {
      const kv = await createOrBindRacing(() =>
        nc.jetstream().views.kv(options.bucket, {
          history: 1,
          ttl: options.ttlMs,
          replicas: options.replicas ?? 1,
          storage: StorageType.Memory,
        }),
      );
      return new JetStreamAttemptStore(nc, kv, options);
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  add(key: string, now: Date, window: AttemptWindow): Promise<AttemptCount> {
    return this.update(key, (stored) => {
      const { times, added } = addAttempt(stored, now, window);
      return { times: added ? times : null, result: { added, count: times.length } };
    });
  }

  remove(key: string, at: Date): Promise<void> {
    return this.update(key, (stored) => ({ times: removeAttempt(stored, at), result: undefined }));
  }

  count(key: string, now: Date, windowMs: number): Promise<number> {
    return this.inTurn(key, async () => withinWindow(timesOf(await this.kv.get(storedKey(key))), now, windowMs).length);
  }

  clear(key: string): Promise<void> {
    return this.inTurn(key, () => this.kv.purge(storedKey(key)));
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.tails.values());
    await this.nc.close();
  }

  /**
   * Reads the key, and writes what `change` makes of its times (null: nothing to write) on the
   * condition that its revision is still the one read; reads again when another process wrote in between.
   */
  private update<T>(key: string, change: (times: number[]) => { times: number[] | null; result: T }): Promise<T> {
    return this.inTurn(key, async () => {
      const stored = storedKey(key);
      for (let tries = 1; ; tries += 1) {
        const entry = await this.kv.get(stored);
        const { times, result } = change(timesOf(entry));
        if (!times) return result;
        try {
          // previousSeq 0: the key must not exist yet (or has expired, or was cleared to nothing).
          await this.kv.put(stored, encoder.encode(JSON.stringify(times)), { previousSeq: entry?.revision ?? 0 });
          return result;
        } catch (error) {
          if (!(error instanceof NatsError && error.api_error?.err_code === WRONG_LAST_SEQUENCE) || tries >= this.maxTries) {
            throw error;
          }
          // A random pause, growing with each miss, so that two processes racing for one key stop
          // meeting in lockstep and the one that keeps losing gets its turn.
          await delay(Math.random() * Math.min(2 ** tries, MAX_BACKOFF_MS));
        }
      }
    });
  }

  /** Runs `work` after this process's earlier calls on the key have settled. */
  private inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    // The chain itself never rejects: a failed call must not fail the ones queued behind it.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function timesOf(entry: KvEntry | null): number[] {
  if (!entry || entry.operation !== 'PUT' || entry.length === 0) return [];
  const parsed: unknown = JSON.parse(decoder.decode(entry.value));
  return Array.isArray(parsed) ? parsed.filter((at): at is number => typeof at === 'number') : [];
}
