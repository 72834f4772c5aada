import { createServer } from 'node:net';
import { DEVNET_CHAINS, DEVNET_HOST } from '@xsd/contracts';

/**
 * Below Linux's default ephemeral range (32768-60999): a port in it can be taken at any moment as
 * the local end of some outgoing connection (a fetch, a database client), between our check and
 * the listen; stacks under test then failed to start with "Address already in use".
 */
const LOWEST_PORT = 10_000;
/**
 * Ports that fetch refuses to connect to ("bad port", the Fetch standard's list); 10080 is the
 * only one in our range. A devnet chain on it could never be read.
 */
const FETCH_BLOCKED_PORTS = [10_080];
const PAST_HIGHEST_PORT = 32_768;

/**
 * A random base port whose next `count` ports are free on 127.0.0.1 right now, so a test devnet
 * never collides with a running `make start` (8545..8551) or with another test file.
 */
export async function findFreeBasePort(count: number = DEVNET_CHAINS.length): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = LOWEST_PORT + Math.floor(Math.random() * (PAST_HIGHEST_PORT - LOWEST_PORT - count));
    if (FETCH_BLOCKED_PORTS.some((port) => port >= base && port < base + count)) continue;
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isPortFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`No ${count} consecutive free ports found`);
}

export function isPortFree(port: number, host: string = DEVNET_HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
