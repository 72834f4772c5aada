import { createServer } from 'node:net';
import { DEVNET_CHAINS, DEVNET_HOST } from '@xsd/contracts';

/**
 * A random base port whose next `count` ports are free on 127.0.0.1 right now, so a test devnet
 * never collides with a running `make start` (8545..8551) or with another test file.
 */
export async function findFreeBasePort(count: number = DEVNET_CHAINS.length): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (40_000 - count));
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
