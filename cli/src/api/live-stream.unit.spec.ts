import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from './api-client.js';
import { followLiveStream, type StreamStatus } from './live-stream.js';

const row = {
  token_name: 'XSD',
  chain_name: 'Base',
  price: 1.02,
  timestamp: '2026-05-01T12:00:00.000Z',
  change_24h: 0.5,
  status: 'active',
  maintenance_message: null,
  total_supply: null,
};

let server: Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

/** A loopback `/api/stream`: refuses the first request, then sends a ping, a row, a bad row and ends. */
async function flakyStream(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  server = createServer((request, response) => {
    requests += 1;
    if (requests === 1) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: ping\ndata: {}\n\n');
    response.write(`event: price\ndata: ${JSON.stringify(row)}\n\n`);
    response.write(`event: price\ndata: ${JSON.stringify({ ...row, price: 0 })}\n\n`);
    response.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

describe('followLiveStream', () => {
  it("reconnects with the contracts' back-off and passes on valid events only", async () => {
    const { url, requests } = await flakyStream();
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const statuses: StreamStatus[] = [];
    const following = followLiveStream(
      new ApiClient({ baseUrl: url }),
      { onEvent: (event) => events.push(event), onStatus: (status) => statuses.push(status) },
      controller.signal,
      { backoff: { baseMs: 1, maxMs: 4 } },
    );

    await vi.waitFor(() => expect(requests()).toBeGreaterThanOrEqual(3));
    controller.abort();
    await following;

    expect(statuses.slice(0, 4)).toEqual(['connecting', 'reconnecting', 'reconnecting', 'live']);
    expect(events[0]).toEqual({ type: 'price', data: row });
    expect(events.every((event) => event.type === 'price' && event.data.price === 1.02)).toBe(true);
  });
});
