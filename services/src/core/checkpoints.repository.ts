import { Inject, Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { DATABASE } from './injection-tokens.js';
import type { DatabaseHandle, Db } from '../database/database.js';
import type { DB } from '../database/schema.js';

/** Prefixes a projection's consumer on the log, so a dead letter tells whose checkpoint to move. */
export const PROJECTION_CONSUMER_PREFIX = 'projection_';

/** Durable consumer name of a projection (projection names are already snake_case). */
export function consumerName(projection: string): string {
  return `${PROJECTION_CONSUMER_PREFIX}${projection}`;
}

/** Where each projection has got to in the log; written in the same transaction as its rows. */
@Injectable()
export class CheckpointsRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  async get(name: string): Promise<number> {
    const row = await this.db
      .selectFrom('projection_checkpoints')
      .select('sequence')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? Number(row.sequence) : 0;
  }

  async all(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['name', 'sequence']).execute();
    return new Map(rows.map((row) => [row.name, Number(row.sequence)]));
  }

  /** Makes sure the projection has a checkpoint row (at 0 when new), so `lock` finds one. */
  async ensure(db: Db | Transaction<DB>, name: string): Promise<void> {
    await db
      .insertInto('projection_checkpoints')
      .values({ name, sequence: 0, updated_at: new Date(0) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /**
   * Locks the projection's checkpoint row for the rest of the transaction and returns it, so two
   * writers of one projection (a batch and a dead letter, say) take turns. Call `ensure` first.
   */
  async lock(trx: Transaction<DB>, name: string): Promise<number> {
    const row = await trx
      .selectFrom('projection_checkpoints')
      .select('sequence')
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return Number(row.sequence);
  }

  async set(trx: Transaction<DB>, name: string, sequence: number): Promise<void> {
    await trx
      .updateTable('projection_checkpoints')
      .set({ sequence, updated_at: sql<Date>`now()` })
      .where('name', '=', name)
      .execute();
  }
}
