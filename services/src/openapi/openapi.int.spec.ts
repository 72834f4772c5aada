import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';

interface Operation {
  readonly tags?: string[];
  readonly summary?: string;
  readonly parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[];
  readonly responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }>;
}
interface Document {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

describe('GET /api/openapi.json', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let document: Document;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      onRoute: ({ method, url }) => {
        for (const one of [method].flat()) if (one !== 'HEAD' && one !== 'OPTIONS') routes.push({ method: one, url });
      },
    });
    const response = await api.http().get('/api/openapi.json').expect(200).expect('content-type', /application\/json/);
    document = response.body as Document;
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every route the server has, staff routes under the staff tag', () => {
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes
      .map(({ method, url }) => ({ method: method.toLowerCase(), path: url.replace(/:(\w+)/g, '{$1}') }))
      .filter(({ method, path }) => !document.paths[path]?.[method])
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        expect(operation.tags?.length, path).toBeGreaterThan(0);
        if (/^\/api\/(admin|auth)\//.test(path)) expect(operation.tags).toEqual(['staff']);
      }
    }
  });

  it('names the public routes of the design', () => {
    for (const path of [
      '/api/prices/latest',
      '/api/prices/history',
      '/api/silver/latest',
      '/api/silver/history',
      '/api/v1/prices',
      '/api/v1/candles',
      '/api/news',
      '/api/calendar/events',
      '/api/chains',
      '/api/site',
      '/api/health',
      '/livez',
      '/readyz',
      '/api/wallets/{address}',
      '/api/stream',
      '/version.json',
      '/api/openapi.json',
    ]) {
      expect(document.paths[path]?.get?.summary, path).toEqual(expect.any(String));
    }
  });

  it('describes the v1 parameters, answers, rate-limit headers and provenance', () => {
    const candles = document.paths['/api/v1/candles'].get;
    const byName = (operation: Operation) => Object.fromEntries(operation.parameters!.map((p) => [p.name, `${p.in}${p.required ? ', required' : ''}`]));
    expect(byName(candles)).toEqual({
      token: 'query, required',
      chain: 'query, required',
      interval: 'query',
      from: 'query',
      to: 'query',
      limit: 'query',
    });
    // In the order the controller lists them.
    expect(candles.parameters!.map((p) => p.name)).toEqual(['token', 'chain', 'interval', 'from', 'to', 'limit']);
    expect(candles.parameters!.find((p) => p.name === 'interval')!.schema!.enum).toEqual(['1h', '1d']);
    expect(candles.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/PublicCandlesResponse' });
    expect(Object.keys(candles.responses['200'].headers!)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(candles.responses['429'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
    const prices = document.paths['/api/v1/prices'].get;
    expect(byName(prices)).toEqual({ token: 'query', chain: 'query', from: 'query', to: 'query', limit: 'query' });
    expect(prices.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/PublicPricesResponse' });
    expect(document.components.schemas.PriceProvenance.required).toEqual([
      'chain_id',
      'chain_name',
      'contract',
      'method',
      'block_number',
      'read_at',
      'age_seconds',
    ]);
    expect(document.components.schemas.PublicPriceRow.properties!.provenance).toEqual({ $ref: '#/components/schemas/PriceProvenance' });
  });

  it('answers 304 to a client holding the same document', async () => {
    const first = await api.http().get('/api/openapi.json').expect(200);
    await api.http().get('/api/openapi.json').set('if-none-match', first.headers.etag).expect(304);
  });
});
