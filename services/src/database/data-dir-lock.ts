import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync, rmdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(directory: string, pid: number | null) {
    super(
      `The embedded database in ${directory} is in use by ${pid === null ? 'another process' : `process ${pid}`} ` +
        '(is `make start` running?). Stop it first, or point DATABASE_URL at a PostgreSQL server.',
    );
  }
}

/** The longest socket path every platform takes (Linux 107 bytes, macOS 103); longer ones are cut silently. */
const MAX_SOCKET_PATH = 100;
/** How long a live owner has to say its pid; connecting alone already proves it is alive. */
const PID_REPLY_MS = 1_000;
/** How long to keep trying while other processes race for the lock, RETRY_MS apart. */
const TAKE_OVER_MS = 5_000;
const RETRY_MS = 10;
const YOUNG_SOCKET_MS = 200;
const ABANDONED_CLAIM_MS = 10_000;

/**
 * PGlite is PostgreSQL inside one process: a second process opening the same files would corrupt
 * them. The lock is a Unix socket listened on inside the folder, which the OS releases when its
 * process dies however it dies (SIGKILL included): a second process whose connect() succeeds
 * knows the owner is alive (and the owner answers with its pid, for the message); a refused
 * connection means a socket file left by a dead process, taken over. Unlike a pid file this
 * never trusts a pid, which a container (every crashed owner was pid 1) or the OS reuses.
 * Resolves to the release; rejects with DataDirInUseError while a live process holds it.
 */
export async function lockDataDir(directory: string): Promise<() => void> {
  const path = socketPath(directory);
  const deadline = Date.now() + TAKE_OVER_MS;
  while (Date.now() < deadline) {
    const server = await listenOn(path);
    if (server) {
      // The lock must never keep the process alive on its own.
      server.unref();
      const release = () => server.close(); // closing the server removes its socket file
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    }
    // Which file was probed, taken before the probe: a file put there after it is never removed.
    const probed = fileIdentity(path);
    const owner = await probe(path);
    if (owner.alive) throw new DataDirInUseError(directory, owner.pid);
    if (probed === null) continue; // its owner just left
    // A socket refuses for the instant between its owner's bind() and listen(): only an older one is stale.
    const young = Date.now() - probed.changedMs < YOUNG_SOCKET_MS;
    if (young || !removeStale(path, probed.key)) await delay(RETRY_MS);
  }
  throw new Error(`Could not lock ${directory}: its lock file stayed busy`);
}

/** The pid of the live process holding the lock of `directory`, -1 when it did not say, or null when free. */
export async function dataDirOwner(directory: string): Promise<number | null> {
  const owner = await probe(socketPath(directory));
  return owner.alive ? (owner.pid ?? -1) : null;
}

/** Throws DataDirInUseError while a live process holds the folder (a launcher's check before it starts anything). */
export async function assertDataDirFree(directory: string): Promise<void> {
  const owner = await dataDirOwner(directory);
  if (owner !== null) throw new DataDirInUseError(directory, owner === -1 ? null : owner);
}

function socketPath(directory: string): string {
  const inside = join(directory, 'silverboard.lock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  // Too long for a socket: one in the temporary folder, named after the folder's real path.
  const hash = createHash('sha256').update(realpathSync(directory)).digest('hex').slice(0, 32);
  return join(tmpdir(), `silverboard-lock-${hash}`);
}

/** Listens on `path`; null when something is there already (a live owner or a stale file). */
function listenOn(path: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((connection) => {
      connection.on('error', () => {}); // a prober that leaves early is no concern
      connection.end(`${process.pid}\n`);
    });
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    server.listen(path, () => resolve(server));
  });
}

interface Owner {
  readonly alive: boolean;
  readonly pid: number | null;
}

/** Connects to the lock: alive when it accepts, with the pid it answers (if in time). */
function probe(path: string): Promise<Owner> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let reply = '';
    let connected = false;
    const done = (owner: Owner) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(owner);
    };
    const answered = () => {
      const pid = Number(reply.trim());
      done({ alive: true, pid: Number.isInteger(pid) && pid > 0 ? pid : null });
    };
    const timer = setTimeout(() => done({ alive: connected, pid: null }), PID_REPLY_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => (connected = true));
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('end', answered);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return answered();
      if (error.code === 'EAGAIN') return done({ alive: true, pid: null }); // its backlog is full: alive
      // Refused: a socket (or an old pid file) nobody listens on. Missing: the owner just left.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' || error.code === 'ENOTSOCK') {
        clearTimeout(timer);
        return resolve({ alive: false, pid: null });
      }
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** A file's inode and change time: a new file at the same path differs even if it reuses the inode. */
function fileIdentity(path: string): { readonly key: string; readonly changedMs: number } | null {
  try {
    const stats = lstatSync(path, { bigint: true });
    return { key: `${stats.ino}-${stats.ctimeNs}`, changedMs: Number(stats.ctimeNs / 1_000_000n) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Removes the stale file `identity` from `path`, never a live lock: one process at a time reaps a
 * given file (an atomic mkdir claims it), and only while that very file is still at `path`
 * (nobody can put a new socket there until it is gone). False when another process is reaping it.
 */
function removeStale(path: string, identity: string): boolean {
  const claim = `${path}.reaping-${identity}`;
  try {
    mkdirSync(claim);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A reaper takes microseconds; a claim this old was left by one that died in between.
    if (Date.now() - statSync(claim).mtimeMs > ABANDONED_CLAIM_MS) rmSync(claim, { recursive: true, force: true });
    return false;
  }
  try {
    if (fileIdentity(path)?.key === identity) unlinkSync(path);
  } finally {
    rmdirSync(claim);
  }
  return true;
}
