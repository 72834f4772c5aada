import { setTimeout as delay } from 'node:timers/promises';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap, type Type } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../database/database.js';
import type { DB } from '../database/schema.js';
import { describeError } from '../event-log/batch-delivery.js';
import { Metrics } from '../metrics/metrics.js';

/** Advisory-lock class shared by every leader election on one database ("xsdp"). */
export const LOCK_CLASS = 0x78736470;
/**
 * How often a leader checks that the session holding its lock is still there. When that session
 * ends under it (PostgreSQL restarted, the connection cut or terminated), the server frees the lock
 * and a standby takes it at once: the old leader must stand down within this time.
 */
export const LOCK_CHECK_MS = 2_000;
/** What a leadership that is never lost waits on (PGlite, where the process is the only one). */
const NEVER: Promise<never> = new Promise(() => undefined);

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
  private lostLead: Promise<Error> = NEVER;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: DatabaseHandle['kind'],
    readonly role: LeadershipRole = PROJECTOR_ROLE,
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

  /**
   * Resolves with the reason when the lead this instance took last was lost rather than released:
   * the session holding its lock ended, and another replica may lead now. Never on PGlite.
   */
  get lost(): Promise<Error> {
    return this.lostLead;
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
    let markLost!: (reason: Error) => void;
    this.lostLead = new Promise<Error>((resolve) => (markLost = resolve));
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
        const lost = await this.watchLock(connection, released);
        if (lost === null) await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${this.role.lockId})`.execute(connection);
        else markLost(lost);
      })
      .catch((error: unknown) => failed(error));
    await ready;
  }

  /**
   * Checks every LOCK_CHECK_MS that this session still holds the lock, until the lead is released
   * (null) or the check fails or finds the lock gone (the reason).
   */
  private async watchLock(connection: Kysely<DB>, released: Promise<void>): Promise<Error | null> {
    // One abort for the whole lead (racing `released` at every check would pile reactions on it).
    const release = new AbortController();
    void released.then(() => release.abort());
    for (;;) {
      try {
        await delay(LOCK_CHECK_MS, undefined, { signal: release.signal, ref: false });
      } catch {
        return null; // released
      }
      try {
        const { rows } = await sql<{ held: boolean }>`
          select exists (
            select 1 from pg_locks
            where locktype = 'advisory' and classid = ${LOCK_CLASS} and objid = ${this.role.lockId} and objsubid = 2
              and pid = pg_backend_pid() and granted
          ) as held`.execute(connection);
        if (!rows[0]!.held) return new Error('its advisory lock is no longer held');
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }
  }
}

/** A log consumer that runs while it leads its database (the projector, the notifier). */
export interface LeadingConsumer {
  /** Resolves once it leads and follows the log. */
  start(): Promise<void>;
  /** True once stop() was called. */
  readonly stopping: boolean;
  stop(): Promise<void>;
  /** Its election, when it runs one: lost, it stops and stands by again. */
  readonly leadership?: ProjectorLeadership;
}

/**
 * Starts `consumer` with the application without waiting for it: a standby replica waits in
 * start() for the leader to go, and the rest of the application (the API of `all`, say) must not
 * wait with it. A start cut short by the application closing is not a failure worth reporting.
 * A leader whose lead is lost (the session holding its lock ended) stops and stands by again, as
 * a new replica would: the replica that took the lock leads alone.
 */
export function startWhenLeading(consumer: LeadingConsumer, follow: LeadFollowing): void {
  const { logger, onLeading, onLost, closing = () => false } = follow;
  consumer.start().then(
    () => {
      if (consumer.stopping) return;
      onLeading();
      void consumer.leadership?.lost.then(async (reason) => {
        if (consumer.stopping || closing()) return;
        onLost?.(reason);
        logger.error(`lost the lead (${describeError(reason)}): stopping, to stand by until it can lead again`);
        await consumer.stop().catch((error: unknown) => logger.error(`could not stop: ${describeError(error)}`));
        if (!closing()) startWhenLeading(consumer, follow);
      });
    },
    (error: unknown) => {
      if (consumer.stopping) return;
      logger.error(`could not start: ${describeError(error)}`);
    },
  );
}

/** What startWhenLeading tells of, and asks, as the consumer leads, loses the lead and stands by. */
export interface LeadFollowing {
  readonly logger: { error(message: string): void };
  /** Each time it starts to lead. */
  onLeading(): void;
  /** Each time it lost the lead (before it stops). */
  onLost?(reason: Error): void;
  /** True once the application closes: a lost lead is then not taken up again. */
  closing?(): boolean;
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
    private closing = false;

    constructor(
      @Inject(consumerClass) readonly consumer: T,
      @Inject(autostart) private readonly autostart: boolean,
      private readonly metrics: Metrics,
    ) {}

    onApplicationBootstrap(): void {
      if (!this.autostart) return;
      startWhenLeading(this.consumer, {
        logger: this.logger,
        onLeading: () => {
          const message = leadingMessage(this.consumer);
          if (message !== null) this.logger.log(message);
        },
        onLost: () => this.metrics.leadershipLost.inc({ election: this.consumer.leadership?.role.name ?? loggerName }),
        closing: () => this.closing,
      });
    }

    async beforeApplicationShutdown(): Promise<void> {
      this.closing = true;
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
