import { CHAIN_NAMES, resolveNetworks } from '@xsd/contracts';
import type { NetworksResponse } from '@xsd/contracts/api/networks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../../testing/api-test-app.js';

describe('GET /api/networks', () => {
  let api: ApiTestApp;
  // A devnet on other ports than the default: the answer must follow the running profile.
  const networks = resolveNetworks('devnet', { basePort: 19_545 });

  beforeAll(async () => {
    api = await createApiTestApp({ networks });
  });

  afterAll(async () => {
    await api?.close();
  });

  it("lists the running profile's eight networks with their RPC URLs, explorers and token addresses", async () => {
    const response = await request(api.app.getHttpServer()).get('/api/networks').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const body = response.body as NetworksResponse;
    expect(body.items.map((n) => n.name)).toEqual([...CHAIN_NAMES]);
    const ethereum = body.items[0]!;
    expect(ethereum).toEqual({
      name: 'Ethereum',
      chain_id: 1,
      native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpc_urls: ['http://127.0.0.1:19545'],
      block_explorer_urls: ['https://etherscan.io'],
      tokens: { XSD: '0x75Cae30025A514b7AE069917E132Cc99762A0e16', BankX: '0x13E636CBFD6a7d33a8df7eBbF42f63ADC9bB592A' },
      listed_tokens: [],
      coming_soon: false,
    });
    expect(body.items.find((n) => n.name === 'Avalanche')?.rpc_urls).toEqual(['http://127.0.0.1:19551']);
    const pulsechain = body.items.find((n) => n.name === 'Pulsechain')!;
    expect(pulsechain).toMatchObject({ chain_id: 369, coming_soon: true, rpc_urls: [], tokens: { XSD: null, BankX: null } });
    expect(pulsechain.listed_tokens.map((t) => t.symbol)).toEqual(['PLSX']);
  });
});
