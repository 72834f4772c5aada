import {
  CompiledQuery,
  createQueryId,
  IdentifierNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  RawNode,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PgliteThread } from './pglite-thread.js';

export interface PgliteDialectConfig {
  /** The database's thread. The dialect owns it: `db.destroy()` closes it. */
  readonly pglite: PgliteThread;
}

/**
 * Kysely over PGlite, which is PostgreSQL with exactly one session, in a thread of its own
 * (PgliteThread). Kysely asks for a connection per query and holds it for a whole transaction;
 * a connection here is only a name for the transaction it runs: the thread holds the session for
 * an open transaction, so concurrent `db.transaction()` calls (and queries outside them) wait
 * instead of running inside it, and takes the rest in fair turns (pglite-worker.ts).
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly config: PgliteDialectConfig) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.config.pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PgliteDriver implements Driver {
  constructor(private readonly pglite: PgliteThread) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.pglite);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction left open (never the case with Kysely's own flow) would hold the session forever.
    await (connection as PgliteConnection).end('rollback');
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    await (connection as PgliteConnection).begin(['start transaction', ...modes].join(' '));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compile(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compile(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await connection.executeQuery(compile(savepointCommand('release', name), createQueryId()));
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

/** `savepoint "name"` with the name quoted as an identifier, as Kysely's own drivers do. */
function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}

const COMMANDS_WITH_AFFECTED_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PgliteConnection implements DatabaseConnection {
  /** The open transaction's id, while there is one. */
  #tx: number | undefined;

  constructor(private readonly pglite: PgliteThread) {}

  async begin(sql: string): Promise<void> {
    this.#tx = await this.pglite.begin(sql);
  }

  async end(sql: 'commit' | 'rollback'): Promise<void> {
    const tx = this.#tx;
    if (tx === undefined) return;
    this.#tx = undefined;
    await this.pglite.end(tx, sql);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Like `pg`, a query without parameters goes through the simple protocol (pglite-worker.ts).
    const result = await this.pglite.query(compiled.sql, compiled.parameters, this.#tx);
    if (!result) return { rows: [] };
    return {
      rows: result.rows as R[],
      numAffectedRows:
        result.command && COMMANDS_WITH_AFFECTED_ROWS.has(result.command) && result.affectedRows !== undefined
          ? BigInt(result.affectedRows)
          : undefined,
    };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}
