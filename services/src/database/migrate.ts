import { type Kysely, type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely';
import { migrations } from './migrations/index.js';

export { migrations };

/** Names of every migration, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly failedMigration: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

function migrator(db: Kysely<any>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
}

/**
 * Runs every pending migration, in one transaction (PostgreSQL has transactional DDL) under
 * Kysely's migration lock, so two processes starting at once migrate once. Returns the names it
 * applied; throws MigrationError naming the migration that failed, with nothing applied.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest(), 'up');
}

/** Reverts every migration (tests, and a deliberate reset): runs each `down`, newest first. */
export async function migrateDownToEmpty(db: Kysely<any>): Promise<string[]> {
  return applied(await migrator(db).migrateTo(NO_MIGRATIONS), 'down');
}

function applied({ error, results = [] }: MigrationResultSet, direction: 'up' | 'down'): string[] {
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? null;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed
        ? `Database migration ${failed} (${direction}) failed: ${reason}`
        : `Database migrations (${direction}) failed: ${reason}`,
      failed,
      { cause: error },
    );
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
