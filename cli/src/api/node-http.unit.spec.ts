import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpTransport } from './node-http.js';

describe('nodeHttpTransport', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; headers: Record<string, unknown>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method, headers: request.headers, body });
        if (request.url === '/slow') return; // never answers
        response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
        response.end(request.url === '/missing' ? '{"error":{"code":"not_found","message":"nope"}}' : '{"ok":true,"é":"ü"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the method, headers and body, and reads the whole answer', async () => {
    const answer = await nodeHttpTransport(`${base}/api/admin/site`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"maintenance_mode":true}',
      timeoutMs: 5_000,
    });
    expect(answer).toEqual({ status: 200, statusText: 'OK', body: '{"ok":true,"é":"ü"}' });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: '{"maintenance_mode":true}', headers: { authorization: 'Bearer t', 'content-length': '25' } });
  });

  it('hands back error statuses as answers', async () => {
    expect((await nodeHttpTransport(`${base}/missing`, { method: 'GET', headers: {}, timeoutMs: 5_000 })).status).toBe(404);
  });

  it('gives up after the time-out', async () => {
    await expect(nodeHttpTransport(`${base}/slow`, { method: 'GET', headers: {}, timeoutMs: 50 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('fails with the socket error code when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(nodeHttpTransport(`http://127.0.0.1:${port}/`, { method: 'GET', headers: {}, timeoutMs: 5_000 })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
