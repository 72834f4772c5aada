import { type IncomingHttpHeaders, request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_V1_RATE_LIMIT, tooManyRequestsMessage } from '../rate-limit/v1-rate-limit.js';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { createWebBuildFixture, type WebBuildFixture } from '../testing/web-build-fixture.js';

/** Headers of the connection or the moment, not of the answer. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'transfer-encoding']);

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const HOT_PATHS = [
  '/',
  '/version.json',
  '/api/prices/latest',
  '/api/site',
  '/api/chains',
  '/api/news',
  '/api/calendar/events',
  // 404 while no silver price was read: the lane hands it to the Fastify route.
  '/api/silver/latest',
  '/api/prices/history?token=XSD&chain=Ethereum&days=7',
  '/api/prices/history?token=bankx&chain=bsc&days=120',
  '/api/silver/history?days=30',
  '/api/prices/peg?days=2',
  // Bad queries: each route's 400 in the JSON error shape.
  '/api/prices/history?token=XSD&chain=Ethereum&days=0',
  '/api/prices/history?token=XSD&token=BankX&chain=Ethereum',
  '/api/silver/history?days=%ZZ',
  '/api/prices/peg?days=366',
  // The public API, in front of its controller: counted once a request against the client's budget.
  '/api/v1/prices?token=XSD&chain=Ethereum&limit=100',
  '/api/v1/candles?token=XSD&chain=Ethereum&interval=1d',
  '/api/v1/candles?token=XSD&chain=BSC&interval=5m',
];

/** The client's budget goes down by one a request, whichever path answers it (checked apart). */
const BUDGET_HEADERS = ['ratelimit-remaining', 'ratelimit-reset'];

describe('the hot lane: hot routes answered before Fastify, as Fastify answers them', () => {
  let api: ApiTestApp;
  let fastify: FastifyInstance;
  let base: string;
  let web: WebBuildFixture;

  beforeAll(async () => {
    web = await createWebBuildFixture({ 'index-3f2a9c.js': 'console.log(1)' });
    api = await createApiTestApp({ webDir: web.dir });
    fastify = api.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    await api.app.listen(0, '127.0.0.1');
    base = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await api?.close();
    await web?.remove();
  });

  /** Over a socket: the server's request handler, so the lane first. */
  async function overSocket(path: string, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${base}${path}`, { headers });
    const own = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name) && name !== 'content-encoding');
    const raw = Buffer.from(await response.arrayBuffer()).toString();
    return { status: response.status, headers: { ...Object.fromEntries(own), ...encodingOf(response.headers) }, body: raw };
  }

  /** Through inject: Fastify's own handler, never the lane. */
  async function throughFastify(path: string, headers: Record<string, string>): Promise<Answer> {
    const response = await fastify.inject({ method: 'GET', url: path, headers });
    const own = Object.entries(response.headers)
      .filter(([name]) => !OWN_HEADERS.has(name) && name !== 'content-encoding')
      .map(([name, value]) => [name, String(value)]);
    const encoding = response.headers['content-encoding'];
    const body = encoding === undefined ? response.body : await decode(String(encoding), response.rawPayload);
    return { status: response.statusCode, headers: { ...Object.fromEntries(own), ...(encoding ? { 'content-encoding': String(encoding) } : {}) }, body };
  }

  it.each(HOT_PATHS)('%s: the same status, headers and bytes, in every encoding and on revalidation', async (path) => {
    for (const acceptEncoding of ['identity', 'gzip', 'br, gzip']) {
      const headers = { 'accept-encoding': acceptEncoding };
      const ours = await overSocket(path, headers);
      const theirs = await throughFastify(path, headers);
      expect(withoutBudget(ours), acceptEncoding).toEqual(withoutBudget(theirs));
      if (path.startsWith('/api/v1/')) expect(Number(theirs.headers['ratelimit-remaining'])).toBe(Number(ours.headers['ratelimit-remaining']) - 1);
      expect(ours.headers['x-content-type-options']).toBe('nosniff');
      const etag = ours.headers.etag;
      if (etag === undefined) continue;
      const revalidation = { ...headers, 'if-none-match': etag };
      const notModified = await overSocket(path, revalidation);
      expect(notModified.status).toBe(304);
      expect(withoutBudget(notModified)).toEqual(withoutBudget(await throughFastify(path, revalidation)));
    }
  });

  it.each([
    ['a NUL in a query the route ignores', '/api/news?x=%00', {}, 400],
    ['a multipart body type on a GET', '/api/news', { 'content-type': 'multipart/form-data; boundary=x' }, 200],
  ])('answers %s as Fastify does', async (_case, path, given, status) => {
    const headers = { 'accept-encoding': 'identity', ...given };
    const ours = await overSocket(path, headers);
    expect(ours.status).toBe(status);
    expect(ours).toEqual(await throughFastify(path, headers));
  });

  it("counts a public API request once against its client's budget, whichever path answers it, and leaves the 429 to the route", async () => {
    const client = '127.0.0.23';
    const { max, windowSeconds } = DEFAULT_V1_RATE_LIMIT;
    const remaining = async (path: string, status: number) => {
      const answer = await getFrom(base, client, path);
      expect(answer.status, path).toBe(status);
      expect(answer.headers['ratelimit-limit']).toBe(String(max));
      return Number(answer.headers['ratelimit-remaining']);
    };
    expect(await remaining('/api/v1/prices?limit=5', 200)).toBe(max - 1);
    // A bad query goes on to the controller (its 400), counted once still.
    expect(await remaining('/api/v1/prices?limit=0', 400)).toBe(max - 2);
    expect(await remaining('/api/v1/candles?token=XSD&chain=Ethereum', 200)).toBe(max - 3);
    for (let i = 4; i <= max; i += 1) expect(await remaining('/api/v1/prices?limit=5', 200)).toBe(max - i);
    const refused = await getFrom(base, client, '/api/v1/prices?limit=5');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(JSON.parse(refused.body)).toEqual({ error: { code: 'too_many_requests', message: tooManyRequestsMessage(DEFAULT_V1_RATE_LIMIT, retryAfter) } });
    // Another client is not held back.
    expect((await getFrom(base, '127.0.0.24', '/api/v1/prices?limit=5')).status).toBe(200);
  });

  it('gives every answer a request id of its own and sends CORS on the public read paths only', async () => {
    const first = await fetch(`${base}/api/prices/latest`);
    const second = await fetch(`${base}/api/prices/latest`);
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${base}/api/news`)).headers.get('access-control-allow-origin')).toBeNull();
  });
});

function withoutBudget(answer: Answer): Answer {
  return { ...answer, headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !BUDGET_HEADERS.includes(name))) };
}

/** A GET over a socket from `localAddress` (another loopback address is another client), body as text. */
function getFrom(base: string, localAddress: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** What fetch shows of an encoding it undid: the header stays. */
function encodingOf(headers: Headers): Record<string, string> {
  const encoding = headers.get('content-encoding');
  return encoding === null ? {} : { 'content-encoding': encoding };
}

async function decode(encoding: string, bytes: Buffer): Promise<string> {
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  return (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
}
