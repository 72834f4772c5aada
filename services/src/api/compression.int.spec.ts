import { get as httpGet, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createEvent } from '@xsd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { waitFor } from '../testing/wait-for.js';
import { createWebBuildFixture, type WebBuildFixture } from '../testing/web-build-fixture.js';

/** A bundle big enough to be worth compressing (the threshold is 1 kB). */
const BUNDLE = `export const widgets = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"widget-${i}"}`).join(',')}];\n`;

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  /** The bytes as sent on the wire, before any decoding. */
  readonly body: Buffer;
}

/** A GET with node:http, which (unlike fetch) never decodes the body: what the server sent is what we see. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('response compression', () => {
  let api: ApiTestApp;
  let url: string;
  let web: WebBuildFixture;

  beforeAll(async () => {
    web = await createWebBuildFixture({ 'index-3f2a9c.js': BUNDLE });
    api = await createApiTestApp({ webDir: web.dir });
    await api.app.listen(0, '127.0.0.1');
    url = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await api?.close();
    await web?.remove();
  });

  it('serves a JS asset gzipped to a client that accepts gzip', async () => {
    const response = await rawGet(`${url}/assets/index-3f2a9c.js`, { 'Accept-Encoding': 'gzip, deflate' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body.length).toBeLessThan(BUNDLE.length / 3);
    expect(gunzipSync(response.body).toString('utf8')).toBe(BUNDLE);
  });

  it('prefers brotli when the client offers it too, as browsers do', async () => {
    const response = await rawGet(`${url}/assets/index-3f2a9c.js`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(BUNDLE);
  });

  it('serves the same asset as it is to a client that does not accept gzip', async () => {
    const response = await rawGet(`${url}/assets/index-3f2a9c.js`, { 'Accept-Encoding': 'identity' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString('utf8')).toBe(BUNDLE);
  });

  it('compresses JSON answers of the API', async () => {
    const response = await rawGet(`${url}/api/prices/latest`, { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.body).toString('utf8')).items).toHaveLength(14);
  });

  it('never compresses /api/stream, so each Server-Sent Event arrives as it is written', async () => {
    const received: string[] = [];
    let stream: IncomingMessage | undefined;
    const request = httpGet(`${url}/api/stream`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (response) => {
      stream = response;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => received.push(chunk));
    });
    request.on('error', () => undefined);
    try {
      await waitFor(() => stream !== undefined, { message: 'the stream to answer' });
      expect(stream!.statusCode).toBe(200);
      expect(stream!.headers['content-type']).toContain('text/event-stream');
      expect(stream!.headers['content-encoding']).toBeUndefined();

      const now = new Date();
      await api.log.append(
        createEvent('price.ticked', { token: 'BankX', chain: 'Avalanche', price: 0.4242, observedAt: now.toISOString() }, {
          actor: { kind: 'system', id: 'test' },
          now,
        }),
      );
      // Plain text on the wire, delivered while the response is still open.
      await waitFor(() => received.join('').includes('event: price'), { timeoutMs: 10_000, message: 'the price message' });
      expect(received.join('')).toMatch(/event: price\n(id: \d+\n)?data: \{"token_name":"BankX","chain_name":"Avalanche","price":0.4242,/);
    } finally {
      request.destroy();
    }
  });
});
