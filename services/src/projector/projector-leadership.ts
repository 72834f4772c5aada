import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../database/database.js';
import type { DB } from '../database/schema.js';

/** Advisory-lock key pair shared by every projector on one database ("xsdp", 1). */
const LOCK_CLASS = 0x78736470;
const LOCK_ID = 1;

export class LeadershipTimeoutError extends Error {
  override name = 'LeadershipTimeoutError';
  constructor(timeoutMs: number) {
    super(
      `Another projector is running against this database (waited ${timeoutMs} ms for it). ` +
        'Stop it first, or run the command where it runs.',
    );
  }
}

/** In-process queue per database: several projectors in one process take turns too. */
const localTurns = new WeakMap<object, Promise<void>>();

/**
 * Only one projector may consume the log for a database at a time: two consumers on one durable
 * consumer would split its events between them. The leader holds a PostgreSQL advisory lock on a
 * connection of its own; when its process dies, the server drops the lock and a standby replica
 * takes over where the checkpoints say. PGlite is single-process, so a local turn is enough there.
 */
export class ProjectorLeadership {
  private releaseLocal: (() => void) | null = null;
  private releaseConnection: (() => void) | null = null;
  private connectionDone: Promise<unknown> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly kind: DatabaseHandle['kind'],
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
    const previous = localTurns.get(this.db) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    localTurns.set(this.db, previous.then(() => mine));
    try {
      await withTimeout(previous, timeoutMs);
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
          const result = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${LOCK_ID}) as locked`.execute(connection);
          const deadline = Date.now() + timeoutMs;
          let locked = result.rows[0].locked;
          while (!locked && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 200));
            locked = (await sql<{ locked: boolean }>`select pg_try_advisory_lock(${LOCK_CLASS}, ${LOCK_ID}) as locked`.execute(connection)).rows[0].locked;
          }
          if (!locked) throw new LeadershipTimeoutError(timeoutMs);
        } else {
          // Waits in the server until the current leader's session ends.
          await sql`select pg_advisory_lock(${LOCK_CLASS}, ${LOCK_ID})`.execute(connection);
        }
        acquired();
        await released;
        await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${LOCK_ID})`.execute(connection);
      })
      .catch((error: unknown) => failed(error));
    await ready;
  }
}

function withTimeout(promise: Promise<void>, timeoutMs?: number): Promise<void> {
  if (timeoutMs === undefined) return promise;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LeadershipTimeoutError(timeoutMs)), timeoutMs);
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
