// `make start`: the devnet's seven anvil chains (devnet profile) and every service in one process,
// embedded unless DATABASE_URL / NATS_URL say otherwise. Ctrl-C stops all of it, anvils included.
import { loadConfig } from '../../config/config.js';
import { type Devnet, startDevnet } from '../../devnet/devnet.js';
import { appModules } from '../app-modules.js';
import { exitOnStartFailure, startHttpApp } from '../bootstrap.js';

const config = loadConfig();
let devnet: Devnet | undefined;
try {
  if (config.networkProfile === 'devnet') {
    const seed = process.env.XSD_DEVNET_SEED ? Number(process.env.XSD_DEVNET_SEED) : undefined;
    const tickMs = process.env.XSD_DEVNET_TICK_MS ? Number(process.env.XSD_DEVNET_TICK_MS) : undefined;
    devnet = await startDevnet({ basePort: config.devnetBasePort, seed, tickMs });
    process.stdout.write(`devnet: seven chains on 127.0.0.1:${config.devnetBasePort}-${config.devnetBasePort + 6} (seed ${devnet.seed})\n`);
  }
  const app = await startHttpApp(appModules.all(config), config);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close().catch(() => undefined);
    await devnet?.stop();
    process.exit(0);
  };
  // Nest's own shutdown hooks close the app; these make sure the devnet goes with it.
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  await devnet?.stop();
  exitOnStartFailure(error);
}
