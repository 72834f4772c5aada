import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../database/database.js';
import type { DB } from '../database/schema.js';
import { describeError } from '../event-log/batch-delivery.js';

/** Advisory-lock class shared by every leader election on one database ("xsdp"). */
const LOCK_CLASS = 0x78736470;

/** What a leader is elected for: its advisory-lock id, and its name for messages. */
export interface LeadershipRole {
  readonly lockId: number;
  readonly name: string;
}

/** The projectors of one database (lock id 1). */
export const PROJECTOR_ROLE: LeadershipRole = { lockId: 1, name: 'projector' };

export class LeadershipTimeoutError extends Error {
  override name = 'LeadershipTimeoutError';
  constructor(timeoutMs: number, role: string = PROJECTOR_ROLE.name) {
    super(
      `Another ${role} is running against this database (waited ${timeoutMs} ms for it). ` +
        'Stop it first, or run the command where it runs.',
    );
  }
}

/** In-process queue per database and role: several projectors in one process take turns too. */
const localTurns = new WeakMap<object, Map<number, Promise<void>>>();

/**
 * Only one projector may consume the log for a database at a time: two consumers on one durable
 * consumer would split its events between them. The leader holds a PostgreSQL advisory lock on a
 * connection of its own; when its process dies, the server drops the lock and a standby replica
 * takes over where the checkpoints say. PGlite is single-process, so a local turn is enough there.
 * Another role that needs one leader (the notifier) passes its own lock id.
 */
export class ProjectorLeadership {
  private releaseLocal: (() => void) | null = null;
  private releaseConnection: (() => void) | null = null;
  private connectionDone: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: DatabaseHandle['kind'],
    private readonly role: LeadershipRole = PROJECTOR_ROLE,
  ) {}

  /** Resolves when this projector leads; rejects after timeoutMs when given. */
  async acquire(timeoutMs?: number): Promise<void> {
    await this.takeLocalTurn(timeoutMs);
    if (this.kind === 'pglite') return;
    try {
      await this.holdAdvisoryLock(timeoutMs);
    } catch (error) {
      this.releaseLocal?.();
      this.releaseLocal = null;
      throw error;
    }
  }

  async release(): Promise<void> {
    this.releaseConnection?.();
    this.releaseConnection = null;
    await this.connectionDone?.catch(() => undefined);
    this.connectionDone = null;
    this.releaseLocal?.();
    this.releaseLocal = null;
  }

  private async takeLocalTurn(timeoutMs?: number): Promise<void> {
    let turns = localTurns.get(this.db);
    if (!turns) localTurns.set(this.db, (turns = new Map()));
    const previous = turns.get(this.role.lockId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    turns.set(this.role.lockId, previous.then(() => mine));
    try {
      await withTimeout(previous, timeoutMs, this.role.name);
    } catch (error) {
      release(); // give up our place without blocking those queued behind us
      throw error;
    }
    this.releaseLocal = release;
  }

  private async holdAdvisoryLock(timeoutMs?: number): Promise<void> {
    let acquired!: () => void;
    let failed!: (error: unknown) => void;
    const ready = new Promise<void>((resolve, reject) => {
      acquired = resolve;
      failed = reject;
    });
    const released = new Promise<void>((resolve) => (this.releaseConnection = resolve));
    this.connectionDone = this.db
      .connection()
      .execute(async (connection) => {
        if (timeoutMs !== undefined) {
          const result = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${this.role.lockId}) as locked`.execute(connection);
          const deadline = Date.now() + timeoutMs;
          let locked = result.rows[0].locked;
          while (!locked && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            locked = (await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${this.role.lockId}) as locked`.execute(connection)).rows[0].locked;
          }
          if (!locked) throw new LeadershipTimeoutError(timeoutMs, this.role.name);
        } else {
          // Waits in the server until the current leader's session ends.
          await sql`select pg_advisory_lock(${LOCK_CLASS}, ${this.role.lockId})`.execute(connection);
        }
        acquired();
        await released;
        await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${this.role.lockId})`.execute(connection);
      })
      .catch((error: unknown) => failed(error));
    await ready;
  }
}

/** A log consumer that runs while it leads its database (the projector, the notifier). */
export interface LeadingConsumer {
  /** Resolves once it leads and follows the log. */
  start(): Promise<void>;
  /** True once stop() was called. */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

/**
 * Starts `consumer` with the application without waiting for it: a standby replica waits in
 * start() for the leader to go, and the rest of the application (the API of `all`, say) must not
 * wait with it. A start cut short by the application closing is not a failure worth reporting.
 */
function startWhenLeading(consumer: LeadingConsumer, logger: { error(message: string): void }, onLeading: () => void): void {
  consumer.start().then(onLeading, (error: unknown) => {
    if (consumer.stopping) return;
    logger.error(`could not start: ${describeError(error)}`);
  });
}

/**
 * The provider that runs a leading consumer with the application: started at bootstrap when the
 * `autostart` token says so (without waiting, see startWhenLeading), stopped before the log
 * closes, `leadingMessage` logged once it leads. A mixin, as Nest's own AuthGuard() is, so each
 * role module gets its injectable class in one line (and may extend it).
 */
export function leadingConsumerLifecycle<T extends LeadingConsumer>(
  consumerClass: Type<T>,
  autostart: symbol,
  leadingMessage: (consumer: T) => string | null,
): Type<OnApplicationBootstrap & BeforeApplicationShutdown & { readonly consumer: T; readonly logger: Logger }> {
  const loggerName = consumerClass.name;

  @Injectable()
  class LeadingConsumerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
    readonly logger = new Logger(loggerName);

    constructor(
      @Inject(consumerClass) readonly consumer: T,
      @Inject(autostart) private readonly autostart: boolean,
    ) {}

    onApplicationBootstrap(): void {
      if (!this.autostart) return;
      startWhenLeading(this.consumer, this.logger, () => {
        const message = leadingMessage(this.consumer);
        if (message !== null) this.logger.log(message);
      });
    }

    async beforeApplicationShutdown(): Promise<void> {
      await this.consumer.stop();
    }
  }
  return LeadingConsumerLifecycle;
}

function withTimeout(promise: Promise<void>, timeoutMs: number | undefined, role: string): Promise<void> {
  if (timeoutMs === undefined) return promise;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LeadershipTimeoutError(timeoutMs, role)), timeoutMs);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
