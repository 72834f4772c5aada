import { describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_USAGE } from '../cli-error.js';
import { ApiClient, ApiRequestError, ApiUnreachableError, normalizeApiUrl } from './api-client.js';
import type { HttpAnswer, HttpRequest } from './node-http.js';

const json = (status: number, body: unknown): HttpAnswer => ({ status, statusText: '', body: JSON.stringify(body) });

function client(answer: (url: string, init: HttpRequest) => HttpAnswer | Promise<HttpAnswer>, token: string | null = null) {
  const calls: { url: string; init: HttpRequest }[] = [];
  const api = new ApiClient({
    baseUrl: 'http://api.test:8080/',
    token,
    transport: async (url, init) => {
      calls.push({ url, init });
      return answer(url, init);
    },
  });
  return { api, calls };
}

describe('ApiClient', () => {
  it('gets JSON from the base URL, with the bearer token when it has one', async () => {
    const { api, calls } = client(() => json(200, { items: [] }), 'xsd_token');
    expect(await api.get('/api/prices/latest')).toEqual({ items: [] });
    expect(calls[0].url).toBe('http://api.test:8080/api/prices/latest');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer xsd_token');
  });

  it('sends a JSON body', async () => {
    const { api, calls } = client(() => json(200, { ok: true }));
    await api.put('/api/admin/site', { maintenance_mode: true });
    expect(calls[0].init.method).toBe('PUT');
    expect(calls[0].init.body).toBe('{"maintenance_mode":true}');
    expect((calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it("turns an error body into the server's own message, exit 1", async () => {
    const { api } = client(() => json(403, { error: { code: 'forbidden', message: 'Your role (Admin) does not allow the users permission.' } }));
    const error = await api.get('/api/admin/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', exitCode: EXIT_FAILED, message: 'Your role (Admin) does not allow the users permission.' });
  });

  it('names the status when the body is not the API error shape', async () => {
    const { api } = client(() => ({ status: 502, statusText: 'Bad Gateway', body: '<html>bad gateway</html>' }));
    await expect(api.get('/api/site')).rejects.toThrow('The API at http://api.test:8080 answered GET /api/site with HTTP 502 Bad Gateway');
  });

  it('says it cannot reach the server when nothing answers', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' });
    const { api } = client(() => Promise.reject(refused));
    const error = await api.get('/api/site').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiUnreachableError);
    expect((error as Error).message).toBe(
      "Cannot reach the Silverboard API at http://api.test:8080 (connection refused). Is it running? Start it with 'make start' or point --api / XSD_API_URL at it.",
    );
  });

  it('names a time-out', async () => {
    const { api } = client(() => Promise.reject(Object.assign(new Error('no answer'), { name: 'TimeoutError' })));
    await expect(api.get('/api/site')).rejects.toThrow('(no answer within 10 s)');
  });

  it('refuses a 200 answer that is not JSON', async () => {
    const { api } = client(() => ({ status: 200, statusText: 'OK', body: '<!doctype html>' }));
    await expect(api.get('/api/site')).rejects.toThrow(/not JSON/);
  });
});

describe('normalizeApiUrl', () => {
  it('keeps an http(s) URL without the trailing slash', () => {
    expect(normalizeApiUrl('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(normalizeApiUrl(' https://board.example/base/ ')).toBe('https://board.example/base');
  });

  it('refuses anything else as bad usage', () => {
    expect(() => normalizeApiUrl('localhost:8080')).toThrow(expect.objectContaining({ exitCode: EXIT_USAGE }));
    expect(() => normalizeApiUrl('ftp://x')).toThrow("Invalid API URL 'ftp://x': expected an http:// or https:// URL");
  });
});
