import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../devnet/devnet.js';
import { findFreeBasePort } from '../devnet/free-port.js';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { waitFor } from '../testing/wait-for.js';

describe('the ingestor role in the application', () => {
  let devnet: Devnet;
  let api: ApiTestApp;

  beforeAll(async () => {
    devnet = await startDevnet({ seed: 12, basePort: await findFreeBasePort(), simulate: false });
    api = await createApiTestApp({ networks: devnet.networks, ingestor: {}, startIngestor: true });
  });

  afterAll(async () => {
    await api?.close();
    await devnet?.stop();
  });

  it('reads every chain as soon as the application starts, and the routes serve it', async () => {
    const server = api.app.getHttpServer();
    await waitFor(
      async () => {
        const { body } = await request(server).get('/api/prices/latest');
        return body.items.every(
          (row: { price: number | null; total_supply: number | null }) => row.price !== null && row.total_supply !== null,
        );
      },
      { timeoutMs: 20_000, message: 'every token and chain to have a price and a supply' },
    );
    const market = devnet.market();
    // Nothing but the demo wallets' funding is ever minted on the devnet.
    const minted = (token: 'XSD' | 'BankX') => devnet.demoWallets.reduce((sum, wallet) => sum + wallet.balances[token], 0);
    const { body } = await request(server).get('/api/prices/latest').expect(200);
    for (const row of body.items) {
      expect(row.price).toBe(market.prices[row.chain_name as 'BSC'][row.token_name as 'XSD']);
      expect(row.total_supply).toBe(minted(row.token_name));
    }
    const silver = await request(server).get('/api/silver/latest').expect(200);
    expect(silver.body.price_per_gram).toBe(market.silverGramPrice);
    const health = await request(server).get('/api/health').expect(200);
    expect(health.body.chains.items.map((c: { status: string }) => c.status)).toEqual(Array(7).fill('ok'));
  });
});
