import { resolveNetworks, type NetworkConfig } from '@xsd/contracts';
import type { BlockNumberProbe } from '@xsd/contracts/api/networks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../devnet/anvil-process.js';
import { findFreeBasePort } from '../../devnet/free-port.js';
import { createApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

describe('GET /api/networks/:chain/block-number', () => {
  let api: ApiTestApp;
  let anvil: AnvilProcess;
  let closedPort: number;

  beforeAll(async () => {
    const [port, spare] = [await findFreeBasePort(1), await findFreeBasePort(1)];
    closedPort = spare === port ? spare + 1 : spare;
    anvil = await startAnvil({ chainId: 1, port, host: '127.0.0.1' }, () => undefined);
    const networks: NetworkConfig[] = resolveNetworks('mainnet').map((n) => {
      // Ethereum: a dead endpoint first, then the live node (the probe falls back); BSC: dead only.
      if (n.name === 'Ethereum') return { ...n, rpcUrls: [`http://127.0.0.1:${closedPort}`, anvil.rpcUrl] };
      if (n.name === 'BSC') return { ...n, rpcUrls: [`http://127.0.0.1:${closedPort}`] };
      return n;
    });
    api = await createApiTestApp({ networks });
  });

  afterAll(async () => {
    await api?.close();
    await anvil?.stop();
  });

  const probe = async (chain: string) =>
    (await request(api.app.getHttpServer()).get(`/api/networks/${chain}/block-number`).expect(200)).body as BlockNumberProbe;

  it("answers the chain's block number from the first endpoint that answers", async () => {
    const body = await probe('ethereum');
    expect(body).toMatchObject({ chain: 'Ethereum', reachable: true, block_number: 0 });
    expect(body.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('says unreachable, never an error status, when no endpoint answers', async () => {
    expect(await probe('BSC')).toMatchObject({ chain: 'BSC', reachable: false, block_number: null });
    // Pulsechain has no endpoint at all.
    expect(await probe('Pulsechain')).toMatchObject({ chain: 'Pulsechain', reachable: false, block_number: null });
  });

  it('refuses an unknown chain with 400', async () => {
    const response = await request(api.app.getHttpServer()).get('/api/networks/Solana/block-number').expect(400);
    expect(response.body).toEqual({ error: { code: 'invalid_chain', message: expect.stringContaining("Unknown network 'Solana'") } });
  });
});
