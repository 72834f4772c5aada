import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteReply, PgliteRequest, PgliteResult, PgliteWorkerData, WasmModule } from './pglite-worker.js';

/** The global WebAssembly, which the project's TypeScript libraries do not declare. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };

/** The worker's first reply (pglite-worker.ts READY_ID; a type-only import keeps its module out of this thread). */
const READY_ID = 0;

// Built, this module sits next to pglite-worker.js; run from source (tests), next to the .ts file,
// which Node strips of its types.
const compiled = new URL('./pglite-worker.js', import.meta.url);
const WORKER_FILE = existsSync(compiled) ? compiled : new URL('./pglite-worker.ts', import.meta.url);

const PGLITE_DIST = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
type PgliteBinaries = Pick<PgliteWorkerData, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
let binaries: Promise<PgliteBinaries> | null = null;

/**
 * PGlite's WebAssembly compiled once a process: a thread of its own would compile its 9 MB again
 * (and tier it up again), which made each new database seconds slower; compiled modules passed
 * to a thread share their code.
 */
function pgliteBinaries(): Promise<PgliteBinaries> {
  const compile = async (file: string) => WebAssembly.compile(await readFile(join(PGLITE_DIST, file)));
  binaries ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm'), readFile(join(PGLITE_DIST, 'pglite.data'))]).then(
    ([pgliteWasmModule, initdbWasmModule, bundle]) => ({ pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) }),
  );
  return binaries.catch((error: unknown) => {
    binaries = null;
    throw error;
  });
}

/** A query that never got its answer because the worker thread stopped. */
export class PgliteWorkerStoppedError extends Error {
  override name = 'PgliteWorkerStoppedError';
}

type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The embedded PGlite database in a worker thread of its own (pglite-worker.ts), so its
 * synchronous WebAssembly work runs beside the API's event loop, not in it; the thread also takes
 * the calls in turns (transactions hold the one session). If the thread dies, every waiting and
 * later call fails with PgliteWorkerStoppedError. The thread keeps the process alive only while
 * a call is waiting.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = READY_ID + 1;
  #nextTx = 1;
  #stopped: Error | null = null;
  #closing: Promise<void> | null = null;

  private constructor(data: PgliteWorkerData) {
    this.#worker = new Worker(WORKER_FILE, { workerData: data });
    this.#worker.on('message', (message: PgliteReply) => this.#settle(message));
    this.#worker.on('error', (error) => this.#stop(new PgliteWorkerStoppedError(`The embedded database thread failed: ${error.message}`)));
    this.#worker.on('exit', (code) => this.#stop(new PgliteWorkerStoppedError(`The embedded database thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the database in `directory` (none: in memory), from a dump when it is new. */
  static async open(directory?: string, loadDataDir?: Blob): Promise<PgliteThread> {
    const data: PgliteWorkerData = {
      directory,
      loadDataDir,
      ...(await pgliteBinaries()),
    };
    const thread = new PgliteThread(data);
    try {
      await thread.#call(READY_ID);
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  /** One statement, or several without parameters (the last result); in transaction `tx` if given. */
  query(sql: string, params: readonly unknown[], tx?: number): Promise<PgliteResult | null> {
    return this.#send({ op: 'query', sql, params, tx }) as Promise<PgliteResult | null>;
  }

  /** Runs `COPY ... FROM '/dev/blob'` (`sql`) with `text` as the blob when the session is free; resolves to the rows loaded. */
  async copy(sql: string, text: string): Promise<number> {
    const result = (await this.#send({ op: 'copy', sql, text })) as PgliteResult;
    return result.affectedRows ?? 0;
  }

  /** Starts a transaction with `sql` once the session is free; its statements pass the id returned. */
  async begin(sql: string): Promise<number> {
    const tx = this.#nextTx++;
    await this.#send({ op: 'begin', sql, tx });
    return tx;
  }

  /** Ends transaction `tx` with `sql` (commit or rollback); the session is free afterwards either way. */
  async end(tx: number, sql: string): Promise<void> {
    await this.#send({ op: 'end', sql, tx });
  }

  /** `PGlite.dumpDataDir('none')`: a tarball a new database can start from. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#send({ op: 'dump' })) as Uint8Array<ArrayBuffer>]);
  }

  /** Closes PGlite (its files are complete) and ends the thread; safe to call twice. */
  close(): Promise<void> {
    return (this.#closing ??= (async () => {
      try {
        // A thread that died has nothing to close; PGlite failing to close is the caller's to hear.
        if (!this.#stopped) await this.#send({ op: 'close' });
      } finally {
        this.#stop(new PgliteWorkerStoppedError('The embedded database is closed'));
        await this.#worker.terminate();
      }
    })());
  }

  #send(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const answer = this.#call(id);
    try {
      this.#worker.postMessage({ ...request, id } as PgliteRequest);
    } catch (error) {
      // A parameter that cannot be cloned (a function, a symbol) never reaches the thread.
      this.#settle({ id, error: { message: (error as Error).message, fields: {} } });
    }
    return answer;
  }

  #call(id: number): Promise<unknown> {
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  #settle(message: PgliteReply): void {
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in message) waiting.reject(Object.assign(new Error(message.error.message), message.error.fields));
    else waiting.resolve(message.result);
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(this.#stopped);
    this.#pending.clear();
  }
}
