import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createEvent } from '@xsd/contracts';
import { isApiErrorBody } from '@xsd/contracts/api/errors';
import { calendarEventFieldsFixture } from '@xsd/contracts/testing/calendar-fixtures';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProjectionProgress } from '../core/projection-progress.js';
import { Metrics } from '../metrics/metrics.js';
import { Projector } from '../projector/projector.js';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { metricValue } from '../testing/metric-values.js';
import { waitFor } from '../testing/wait-for.js';
import { LiveStreamService } from './live-stream.service.js';

interface Received {
  readonly type: string;
  readonly data: unknown;
}

/** Reads a Server-Sent Events response into a list, as a browser's EventSource would. */
function readEvents(body: ReadableStream<Uint8Array>, into: Received[]): void {
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        into.push({ type, data: JSON.parse(data) });
      }
    }
  })().catch(() => undefined);
}

describe('GET /api/stream', () => {
  let api: ApiTestApp;
  let url: string;
  let controller: AbortController;
  const received: Received[] = [];
  const staff = { kind: 'staff', id: '0190a000-0000-7000-8000-0000000000aa' } as const;

  beforeAll(async () => {
    api = await createApiTestApp();
    await api.app.listen(0, '127.0.0.1');
    url = await api.app.getUrl();
    controller = new AbortController();
    const response = await fetch(`${url}/api/stream`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    readEvents(response.body!, received);
  });

  afterAll(async () => {
    controller?.abort();
    await api?.close();
  });

  it('pushes a price tick once price_history holds it, as the row GET /api/prices/latest answers', async () => {
    const now = new Date();
    await api.log.append(
      createEvent('price.ticked', { token: 'XSD', chain: 'Base', price: 1.0421, observedAt: now.toISOString() }, {
        actor: { kind: 'system', id: 'test' },
        now,
      }),
    );

    await waitFor(() => received.some((event) => event.type === 'price'), { timeoutMs: 10_000, message: 'a price message' });
    const pushed = received.find((event) => event.type === 'price')?.data;
    expect(pushed).toMatchObject({ token_name: 'XSD', chain_name: 'Base', price: 1.0421, timestamp: now.toISOString(), status: 'active' });
    // The very row the REST route answers: the 24 h change and status come from the server.
    const latest = (await request(api.app.getHttpServer()).get('/api/prices/latest').expect(200)).body as LatestPricesResponse;
    expect(pushed).toEqual(latest.items.find((row) => row.token_name === 'XSD' && row.chain_name === 'Base'));
    const rows = await api.database.db.selectFrom('price_history').select('price').where('chain_name', '=', 'Base').execute();
    expect(rows).toEqual([{ price: 1.0421 }]);
  });

  it('pushes the whole site state when maintenance changes', async () => {
    const now = new Date();
    await api.log.append(
      createEvent('maintenance.started', { title: 'Upgrade', message: 'Back soon', expectedUpTime: null }, { actor: staff, now }),
    );

    await waitFor(() => received.some((event) => event.type === 'site'), { timeoutMs: 10_000, message: 'a site message' });
    expect(received.find((event) => event.type === 'site')?.data).toEqual({
      maintenance_mode: true,
      maintenance_title: 'Upgrade',
      maintenance_message: 'Back soon',
      expected_up_time: null,
      updated_at: now.toISOString(),
      community_links: {},
    });
  });

  it('says nothing about events clients do not follow', async () => {
    const now = new Date();
    await api.log.append(
      createEvent('price.rejected', { token: 'XSD', chain: 'Base', price: 0, lastAcceptedPrice: 1.04, reason: 'non_positive', observedAt: now.toISOString() }, {
        actor: { kind: 'system', id: 'test' },
        now,
      }),
    );
    await api.log.append(createEvent('maintenance.ended', { reason: 'staff' }, { actor: staff, now }));

    await waitFor(() => received.filter((event) => event.type === 'site').length === 2, { timeoutMs: 10_000, message: 'the second site message' });
    expect(received.map((event) => event.type)).toEqual(['price', 'site', 'site']);
  });

  it('tells clients to refetch news, calendar (naming the item changed) and chains once the public lists show the change', async () => {
    const now = new Date();
    const newsId = crypto.randomUUID();
    const eventId = crypto.randomUUID();
    await api.log.append(
      createEvent(
        'news.created',
        { newsId, title: 'Upgrade', content: 'Tonight', type: 'info', priority: 1, expiresAt: null, notifyUsers: false, isActive: true },
        { actor: staff, now },
      ),
    );
    await api.log.append(
      createEvent(
        'calendar-event.created',
        { eventId, ...calendarEventFieldsFixture({ title: 'Launch', startDate: '2026-12-01' }) },
        { actor: staff, now },
      ),
    );
    await api.log.append(
      createEvent('chain.setting-changed', { chain: 'Base', isActive: false, displayName: null, maintenanceMessage: 'Upgrade', previous: null }, { actor: staff, now }),
    );

    const types = ['news', 'calendar', 'chain'];
    await waitFor(() => types.every((type) => received.some((event) => event.type === type)), { timeoutMs: 10_000, message: 'news, calendar and chain messages' });
    // The news and calendar messages name the changed item (issue 22); a chain message stays `{}`.
    expect(received.find((event) => event.type === 'news')?.data).toEqual({ id: newsId });
    expect(received.find((event) => event.type === 'calendar')?.data).toEqual({ id: eventId });
    expect(received.find((event) => event.type === 'chain')?.data).toEqual({});
    // What a client refetches on those messages already holds the change.
    const http = request(api.app.getHttpServer());
    expect((await http.get('/api/news').expect(200)).body.items.map((item: { id: string }) => item.id)).toEqual([newsId]);
    expect((await http.get('/api/calendar/events').expect(200)).body.items.map((item: { id: string }) => item.id)).toEqual([eventId]);
    const base = (await http.get('/api/chains').expect(200)).body.items.find((chain: { chain_name: string }) => chain.chain_name === 'Base');
    expect(base).toMatchObject({ is_active: false, maintenance_message: 'Upgrade' });
  });

  it('pushes the whole site state, links included, when staff change a community link', async () => {
    const now = new Date();
    await api.log.append(
      createEvent('site.links-changed', { links: { shop: 'https://store.example/xsd' }, previous: { shop: null } }, { actor: staff, now }),
    );
    await waitFor(() => received.some((event) => event.type === 'site' && event.data.community_links?.shop !== undefined), {
      timeoutMs: 10_000,
      message: 'a site message with the link',
    });
    const sites = received.filter((event) => event.type === 'site');
    expect(sites.at(-1)?.data).toMatchObject({ maintenance_mode: false, community_links: { shop: 'https://store.example/xsd' } });
  });

  it('forgets a client as soon as its connection closes', async () => {
    const live = api.app.get(LiveStreamService);
    const gauge = async () => metricValue(api.app.get(Metrics), 'xsd_live_stream_clients');
    const before = live.clients();
    expect(await gauge()).toBe(before);
    const extra = Array.from({ length: 3 }, () => new AbortController());
    await Promise.all(extra.map((one) => fetch(`${url}/api/stream`, { signal: one.signal })));
    await waitFor(() => live.clients() === before + 3, { timeoutMs: 5_000, message: 'three more clients' });
    expect(await gauge()).toBe(before + 3);
    for (const one of extra) one.abort();
    await waitFor(() => live.clients() === before, { timeoutMs: 10_000, message: 'the closed clients to be forgotten' });
    expect(await gauge()).toBe(before);
  });
});

interface OpenedStream {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly socket: Socket;
}

/** Opens GET /api/stream from a loopback address of its own (127.0.0.0/8), on a raw socket that keeps reading. */
function openStream(base: string, from: string): Promise<OpenedStream> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress: from });
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = headers['content-length'];
      if (length !== undefined && received.length < end + 4 + Number(length)) return;
      socket.off('data', onData).on('data', () => undefined);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: received.slice(end + 4), socket });
    };
    socket.on('data', onData).once('error', reject);
    socket.write('GET /api/stream HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n');
  });
}

describe('GET /api/stream limits', () => {
  const HEARTBEAT_MS = 300;
  let api: ApiTestApp;
  let base: string;
  let live: LiveStreamService;
  const opened: Socket[] = [];
  const open = async (from: string) => {
    const stream = await openStream(base, from);
    opened.push(stream.socket);
    return stream;
  };

  beforeAll(async () => {
    api = await createApiTestApp({ liveStream: { perClient: 20, total: 30, heartbeatMs: HEARTBEAT_MS } });
    await api.app.listen(0, '127.0.0.1');
    base = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    live = api.app.get(LiveStreamService);
  });

  afterAll(async () => {
    for (const socket of opened) socket.destroy();
    await api?.close();
  });

  it('serves 20 streams to one address, answers its 21st 429 with Retry-After, and still serves another address', async () => {
    for (let one = 0; one < 20; one++) expect((await open('127.0.0.11')).status).toBe(200);
    const refused = await open('127.0.0.11');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(isApiErrorBody(JSON.parse(refused.body))).toBe(true);
    expect((await open('127.0.0.12')).status).toBe(200);
  });

  it('answers 503 with Retry-After past the total, and serves again once streams close', async () => {
    // 21 are open from the test above: nine more make the total.
    for (let one = 0; one < 9; one++) expect((await open('127.0.0.12')).status).toBe(200);
    await waitFor(() => live.clients() === 30, { timeoutMs: 5_000, message: '30 streams' });
    const refused = await open('127.0.0.13');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(isApiErrorBody(JSON.parse(refused.body))).toBe(true);
    for (const socket of opened.splice(0)) socket.destroy();
    await waitFor(() => live.clients() === 0, { timeoutMs: 5_000, message: 'the closed streams to give their places back' });
    expect((await open('127.0.0.13')).status).toBe(200);
  });

  it('drops a client that stops reading within a heartbeat of its data backing up', async () => {
    const server = api.app.getHttpServer() as Server;
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const stream = await open('127.0.0.14');
    expect(stream.status).toBe(200);
    const serverSide = await accepted;
    stream.socket.pause();
    // Stands in for a burst of events: written until the kernel's buffers are full and bytes wait in the process.
    const comment = `:${'x'.repeat(65_536)}\n\n`;
    while (serverSide.writableLength === 0) {
      serverSide.write(comment);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const backedUp = Date.now();
    const closed = new Promise<void>((resolve) => serverSide.once('close', () => resolve()));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10 * HEARTBEAT_MS))]);
    expect(serverSide.destroyed).toBe(true);
    expect(Date.now() - backedUp).toBeLessThanOrEqual(2 * HEARTBEAT_MS);
  });
});

describe('the live stream at shutdown', () => {
  it('closes at once while a batch waits for a read model the stopped projector will not move', async () => {
    const api = await createApiTestApp();
    let closed = false;
    try {
      await api.app.get(Projector).stop();
      // Calls through: it only shows when the live stream starts waiting.
      const waits = vi.spyOn(api.app.get(ProjectionProgress), 'waitFor');
      const now = new Date();
      await api.log.append(
        createEvent('price.ticked', { token: 'XSD', chain: 'Base', price: 1.01, observedAt: now.toISOString() }, { actor: { kind: 'system', id: 'test' }, now }),
      );
      await waitFor(() => waits.mock.calls.some(([projection]) => projection === 'price_history'), {
        timeoutMs: 5_000,
        message: 'the live stream to wait for price_history',
      });
      const started = performance.now();
      await api.close();
      closed = true;
      // It waited out its 10 s limit before.
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      if (!closed) await api.close();
    }
  });
});
