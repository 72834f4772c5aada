/**
 * The worker thread that owns the embedded PGlite database (started by pglite-thread.ts): PGlite
 * executes synchronously in WebAssembly, so on the API's thread every query would stop every
 * request. Requests arrive as `{ id, op, ... }` and each gets `{ id, result }` or `{ id, error }`;
 * rows are structured-cloned, which keeps Date and Uint8Array. Node loads this file as it is
 * (compiled JavaScript, or the TypeScript source in tests), so it imports nothing of ours.
 *
 * PGlite is one session, so this thread takes the requests in turns: a transaction holds the
 * session from `begin` to `end` and its statements run in order while everything else waits. The
 * others wait in two first-come-first-served lines, reads (a lone `select`) and writes (the rest,
 * and transactions); when both have someone waiting, the kind that did not go last goes next, so
 * a burst of writers delays a read by one write at most. Lone requests run back to back here,
 * without waiting for the main thread between them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Results } from '@electric-sql/pglite';

/** WebAssembly.Module (this project's TypeScript libraries do not declare WebAssembly). */
export type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

export interface PgliteWorkerData {
  /** The folder of the database files; none keeps it in memory. */
  readonly directory?: string;
  /** A `dumpDataDir` tarball to start a new database from (a Blob crosses without a copy). */
  readonly loadDataDir?: Blob;
  /** PGlite's files, compiled and read once a process (the threads share the compiled code). */
  readonly pgliteWasmModule: WasmModule;
  readonly initdbWasmModule: WasmModule;
  readonly fsBundle: Blob;
}

export type PgliteRequest =
  /** A statement; `tx` names the transaction it belongs to. Without parameters, the simple protocol (several statements). */
  | { readonly id: number; readonly op: 'query'; readonly sql: string; readonly params: readonly unknown[]; readonly tx?: number }
  /** Starts transaction `tx` with `sql` once the session is free, and holds the session for it. */
  | { readonly id: number; readonly op: 'begin'; readonly sql: string; readonly tx: number }
  /** Ends transaction `tx` with `sql` (commit or rollback) and frees the session, whatever the outcome. */
  | { readonly id: number; readonly op: 'end'; readonly sql: string; readonly tx: number }
  /** `COPY ... FROM '/dev/blob'` with `text` as the blob, on its own turn (no transaction). */
  | { readonly id: number; readonly op: 'copy'; readonly sql: string; readonly text: string }
  | { readonly id: number; readonly op: 'dump' }
  | { readonly id: number; readonly op: 'close' };

/** What crosses back: rows and counts (no field descriptions), or the error's message and fields. */
export interface PgliteResult {
  readonly rows: unknown[];
  readonly affectedRows?: number;
  readonly command?: string;
}
export type PgliteReply =
  | { readonly id: number; readonly result: PgliteResult | Uint8Array | null }
  | { readonly id: number; readonly error: { readonly message: string; readonly fields: Record<string, string> } };

/** id of the first reply: the database is open (or could not be opened). */
export const READY_ID = 0;

/** PostgreSQL's error fields worth keeping (DatabaseError's); never the query's parameters. */
const ERROR_FIELDS = ['name', 'severity', 'code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint'];

/** int8 and numeric as numbers, date as its text; the same as the `pg` pool's parsers (database.ts). */
const toNumber = (value: string): number => Number(value);
const PARSERS = { 20: toNumber, 1700: toNumber, 1082: (value: string): string => value };

const READ = /^\s*select\b/i;

type Line = 'read' | 'write';

const port = parentPort!;
const data = workerData as PgliteWorkerData;

function failure(id: number, error: unknown): PgliteReply {
  const source = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of ERROR_FIELDS) {
    const value = source[key];
    if (typeof value === 'string') fields[key] = value;
  }
  return { id, error: { message: error instanceof Error ? error.message : String(error), fields } };
}

async function main(): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(data.directory, {
      loadDataDir: data.loadDataDir,
      pgliteWasmModule: data.pgliteWasmModule,
      initdbWasmModule: data.initdbWasmModule,
      fsBundle: data.fsBundle,
      parsers: PARSERS,
    });
  } catch (error) {
    port.postMessage(failure(READY_ID, error));
    return;
  }
  port.postMessage({ id: READY_ID, result: null } satisfies PgliteReply);

  const waiting: Record<Line, PgliteRequest[]> = { read: [], write: [] };
  /** The transaction holding the session, and its statements not run yet. */
  let holder: number | null = null;
  const inTransaction: PgliteRequest[] = [];
  let last: Line = 'write';
  let running = false;

  async function run(request: PgliteRequest): Promise<PgliteReply> {
    switch (request.op) {
      case 'query': {
        // Like `pg`, no parameters means the simple protocol: migrations' several statements; the last result counts.
        const result: Results | undefined =
          request.params.length === 0 ? (await pglite.exec(request.sql)).at(-1) : await pglite.query(request.sql, [...request.params]);
        return { id: request.id, result: result ? { rows: result.rows, affectedRows: result.affectedRows, command: result.command } : null };
      }
      case 'copy': {
        const result = await pglite.query(request.sql, [], { blob: new Blob([request.text]) });
        return { id: request.id, result: { rows: [], affectedRows: result.affectedRows, command: 'COPY' } };
      }
      case 'begin':
      case 'end':
        await pglite.exec(request.sql);
        return { id: request.id, result: null };
      case 'dump':
        return { id: request.id, result: new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()) };
      case 'close':
        await pglite.close();
        return { id: request.id, result: null };
    }
  }

  function next(): PgliteRequest | undefined {
    if (holder !== null) return inTransaction.shift();
    const other: Line = last === 'read' ? 'write' : 'read';
    const line = waiting[other].length > 0 ? other : last;
    last = line;
    return waiting[line].shift();
  }

  async function pump(): Promise<void> {
    if (running) return;
    running = true;
    for (let request = next(); request; request = next()) {
      if (request.op === 'begin') holder = request.tx;
      let answer: PgliteReply;
      try {
        answer = await run(request);
      } catch (error) {
        if (request.op === 'begin') holder = null;
        answer = failure(request.id, error);
      }
      if (request.op === 'end') holder = null;
      port.postMessage(answer);
      if (request.op === 'close') {
        port.close();
        return;
      }
    }
    running = false;
  }

  port.on('message', (request: PgliteRequest) => {
    const tx = 'tx' in request ? request.tx : undefined;
    if (tx !== undefined && tx === holder) inTransaction.push(request);
    else waiting[request.op === 'query' && READ.test(request.sql) ? 'read' : 'write'].push(request);
    void pump();
  });
}

void main();
