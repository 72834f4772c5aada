import { request as httpRequest, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { createEvent, type AnyEvent } from '@xsd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { ReadCacheBudget } from './read-cache-budget.js';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;
const SYSTEM = { kind: 'system', id: 'test' } as const;
const iso = (ms: number) => new Date(ms).toISOString();

/** Two days of Ethereum XSD readings every 30 s: pages of 1,000 readings, about 300 kB each. */
const TICKS: AnyEvent[] = Array.from({ length: 5_760 }, (_, i) => {
  const at = NOW - 2 * 24 * HOUR + i * 30_000;
  return createEvent(
    'price.ticked',
    { chain: 'Ethereum', token: 'XSD', price: 1 + (i % 97) / 1000, observedAt: iso(at), blockNumber: 1_000 + i },
    { actor: SYSTEM, now: new Date(at) },
  );
});

/** Pages ending each hour of the two days: 47 answers of about 300 kB, fourteen times what a 1 MB budget holds at once. */
const PAGES = Array.from({ length: 47 }, (_, hour) => `/api/v1/prices?token=XSD&chain=Ethereum&to=${iso(NOW - hour * HOUR)}&limit=1000`);

describe('answers the read cache lets go of (CachedBody.release)', () => {
  let api: ApiTestApp;
  let port: number;
  const previousLimit = process.env.XSD_API_RATE_LIMIT;

  beforeAll(async () => {
    process.env.XSD_API_RATE_LIMIT = '1000000';
    api = await createApiTestApp({ clock: () => new Date(NOW), readCacheMb: 1, http: { trustedProxies: ['127.0.0.1', '::ffff:127.0.0.1'] } });
    await api.log.appendMany(TICKS);
    await api.caughtUp();
    await api.app.listen(0, '127.0.0.1');
    port = Number(new URL(await api.app.getUrl()).port);
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    if (previousLimit === undefined) delete process.env.XSD_API_RATE_LIMIT;
    else process.env.XSD_API_RATE_LIMIT = previousLimit;
  });

  it('sends every answer whole while the budget drops and frees answers under concurrent requests, through the lane and through Fastify', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 24 });
    // A forwarded request (from a trusted proxy) is not plain: Fastify's route answers it (replyCached).
    const get = (path: string, forwarded: boolean, encoding?: string) =>
      new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = {};
        if (forwarded) headers['x-forwarded-for'] = '203.0.113.9';
        if (encoding) headers['accept-encoding'] = encoding;
        const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject).end();
      });
    try {
      // Each page once, alone: the reference.
      const expected = new Map<string, string>();
      for (const path of PAGES) {
        const { status, body } = await get(path, false);
        expect(status).toBe(200);
        expected.set(path, body.toString());
      }
      expect(expected.get(PAGES[0])!.length).toBeGreaterThan(50_000);
      const budget = api.app.get(ReadCacheBudget);
      expect(budget.usedBytes).toBeLessThan(2 * 1024 * 1024);

      // 940 requests, 24 at a time: answers are dropped (and freed) while others still send them.
      const requests = Array.from({ length: 940 }, (_, i) => ({ path: PAGES[(i * 7) % PAGES.length], forwarded: i % 3 === 0, encoding: i % 5 === 0 ? 'gzip' : undefined }));
      let next = 0;
      const mismatches: string[] = [];
      await Promise.all(
        Array.from({ length: 24 }, async () => {
          while (next < requests.length) {
            const { path, forwarded, encoding } = requests[next++];
            const { status, body } = await get(path, forwarded, encoding);
            const text = encoding ? gunzipSync(body).toString() : body.toString();
            if (status !== 200 || text !== expected.get(path)) mismatches.push(`${path} (${forwarded ? 'Fastify' : 'lane'}): ${status}, ${body.length} bytes`);
          }
        }),
      );
      expect(mismatches).toEqual([]);

      // Clients that read nothing for a while: their answers wait in the sockets (the kernel's
      // buffers and libuv's write queue) while the churn drops them from the cache; each arrives
      // whole once they read. Memory freed too early shows here only if it was reused meanwhile:
      // the counting itself is checked in keyed-hot-read-models.unit.
      const slow = await Promise.all(PAGES.slice(0, 8).map((path) => pausedClient(port, path, 4)));
      await sleep(100);
      for (let i = 0; i < 200; i += 1) {
        const { status } = await get(PAGES[8 + (i % (PAGES.length - 8))], i % 2 === 0);
        expect(status).toBe(200);
      }
      const answers = await Promise.all(slow.map((client) => client.read()));
      for (const [i, bodies] of answers.entries()) expect(bodies).toEqual(Array(4).fill(expected.get(PAGES[i])));
    } finally {
      agent.destroy();
    }
  }, 120_000);
});

/**
 * A client that sends `count` requests for `path` at once (pipelined) and reads none of the
 * answers until `read`: each answer's bytes wait in the server's socket meanwhile.
 */
async function pausedClient(port: number, path: string, count: number): Promise<{ read(): Promise<string[]> }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(count));
  return {
    read: () =>
      new Promise<string[]>((resolve, reject) => {
        let received = Buffer.alloc(0);
        const bodies: string[] = [];
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          for (;;) {
            const end = received.indexOf('\r\n\r\n');
            if (end === -1) return;
            const length = Number(/content-length: (\d+)/i.exec(received.subarray(0, end).toString())?.[1]);
            if (received.length < end + 4 + length) return;
            bodies.push(received.subarray(end + 4, end + 4 + length).toString());
            received = received.subarray(end + 4 + length);
            if (bodies.length === count) {
              socket.destroy();
              resolve(bodies);
              return;
            }
          }
        });
        socket.once('error', reject);
        socket.resume();
      }),
  };
}
