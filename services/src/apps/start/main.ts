// `make start`: the devnet's seven anvil chains (devnet profile) and every service in one process,
// embedded unless DATABASE_URL / NATS_URL say otherwise. Ctrl-C stops all of it, anvils included.
//
// A start either serves or ends with `Silverboard failed to start: <reason>` and exit 1, never
// silently: the start-up timer below keeps the event loop alive until the start settles (an
// await that nothing else keeps alive would otherwise end Node with code 13 and no message)
// and turns a start that hangs into a reason. The services are imported inside the start, so a
// module that cannot load (a package missing after a pull) is such a reason too.
import { enableCompileCache } from 'node:module';
import type { INestApplication } from '@nestjs/common';
import type { Devnet } from '../../devnet/devnet.js';

// Node keeps the compiled code of the modules loaded below on disk (its own folder under the
// system's temporary directory, checked against each file's contents): loading the services
// took 2.0 s at every start, 1.45 s with the cache. A cache that cannot be written costs nothing.
enableCompileCache();

/** Longest start (seven chains, PGlite's first initdb, migrations) on a loaded two-core machine. */
const START_TIMEOUT_MS = 180_000;
/** Longest orderly stop on Ctrl-C / SIGTERM before the process ends anyway (the anvils die with it). */
const STOP_TIMEOUT_MS = 15_000;
/** Longest clean-up of a failed start, so its reason is never held back by a node that hangs. */
const CLEAN_UP_TIMEOUT_MS = 10_000;

let stage = 'loading the services';
let devnet: Devnet | undefined;

async function start(): Promise<INestApplication> {
  const [{ loadConfig }, { assertDataDirFree }, { pgliteDirectory }, { startDevnet }, { appModules }, { startHttpApp }] =
    await Promise.all([
      import('../../config/config.js'),
      import('../../database/data-dir-lock.js'),
      import('../../database/database.js'),
      import('../../devnet/devnet.js'),
      import('../app-modules.js'),
      import('../bootstrap.js'),
    ]);
  stage = 'reading the configuration';
  const config = loadConfig();
  if (!config.databaseUrl) {
    // Refused here in one line, before seven chains start only to be stopped again.
    stage = 'checking the embedded data folder';
    await assertDataDirFree(pgliteDirectory(config.dataDir));
  }
  if (config.networkProfile === 'devnet') {
    stage = 'starting the devnet';
    const seed = process.env.XSD_DEVNET_SEED ? Number(process.env.XSD_DEVNET_SEED) : undefined;
    const tickMs = process.env.XSD_DEVNET_TICK_MS ? Number(process.env.XSD_DEVNET_TICK_MS) : undefined;
    devnet = await startDevnet({ basePort: config.devnetBasePort, seed, tickMs });
    process.stdout.write(`devnet: seven chains on 127.0.0.1:${config.devnetBasePort}-${config.devnetBasePort + 6} (seed ${devnet.seed})\n`);
  }
  stage = 'starting the services';
  return startHttpApp(appModules.all(config), config, 'all');
}

/** One line and exit 1 (bootstrap.ts's exitOnStartFailure, which may be what failed to load). */
function exitOnStartFailure(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Silverboard failed to start: ${message}\n`);
  process.exit(1);
}

/** Resolves after `ms` or when `work` settles, whichever is first; never rejects. */
async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

// The last line of defence: whatever ends the process before the start settles (a library that
// exits, an await nothing keeps alive) still names the stage, and never as a success.
let settled = false;
process.on('exit', (code) => {
  if (settled) return;
  process.stderr.write(`Silverboard failed to start: the process ended while ${stage} (exit code ${code})\n`);
  if (code === 0) process.exitCode = 1;
});

let startTimer: NodeJS.Timeout | undefined;
const timedOut = new Promise<never>((_, reject) => {
  startTimer = setTimeout(
    () => reject(new Error(`start-up did not finish within ${START_TIMEOUT_MS / 1000} s (still ${stage})`)),
    START_TIMEOUT_MS,
  );
});
try {
  const app = await Promise.race([start(), timedOut]);
  settled = true;
  clearTimeout(startTimer);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`Silverboard did not stop within ${STOP_TIMEOUT_MS / 1000} s: exiting anyway\n`);
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    await app.close().catch(() => undefined);
    await devnet?.stop();
    process.exit(0);
  };
  // Nest's own shutdown hooks close the app too, then send the signal again to end the process:
  // these stay subscribed, so that second signal finds them and the devnet is stopped first.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  settled = true;
  clearTimeout(startTimer);
  if (devnet) await bounded(devnet.stop(), CLEAN_UP_TIMEOUT_MS);
  exitOnStartFailure(error);
}
