import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestPinoLogger } from '../logging/nest-logger.js';
import { SiteService } from '../site/site.service.js';
import { type CapturedLogs, captureLogs } from '../testing/log-capture.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ROOT = { email: 'root.logs@silverboard.test', password: 'root password for the logs' };

/** The request lines of a request id (there must be exactly one a request). */
function requestLines(logs: CapturedLogs, reqId: string) {
  return logs.entries().filter((entry) => entry.reqId === reqId && entry.msg === 'request completed');
}

describe('request ids and the line per request, through the HTTP app of the API roles', () => {
  let pipeline: Pipeline;
  // One process logger for both apps, as Nest's Logger is one per process; lines differ by request id.
  const logs = captureLogs();
  let api: StaffTestApp;
  let behindProxy: StaffTestApp;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      logger: new NestPinoLogger(logs.logger),
      // A proxy elsewhere: this test's requests come straight from a client.
      http: { logger: logs.logger, trustedProxies: ['10.0.0.0/8'] },
      // GET /api/site fails unexpectedly: the error filter's 500.
      overrides: [{ provide: SiteService, useValue: { current: () => Promise.reject(new Error('site settings on fire')) } }],
    });
    behindProxy = await createStaffTestApp(pipeline, {
      projector: false,
      logger: new NestPinoLogger(logs.logger),
      // supertest's requests come from the loopback, as a reverse proxy's on the same host would;
      // by the range name Fastify's trustProxy takes too.
      http: { logger: logs.logger, trustedProxies: ['loopback'] },
    });
  });

  afterAll(async () => {
    await behindProxy?.close();
    await api?.close();
    await pipeline?.cleanup();
  });

  it('generates an id, echoes it, and logs one line with method, route template, status and duration', async () => {
    const response = await api.http().get('/api/news').expect(200);

    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const lines = requestLines(logs, id);
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        role: 'api',
        context: 'Http',
        reqId: id,
        method: 'GET',
        route: '/api/news',
        status: 200,
        durationMs: expect.any(Number),
        msg: 'request completed',
      },
    ]);
    expect(lines[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('logs the route template, never the raw path with its ids and query', async () => {
    const photo = await api.http().get('/api/admin/contact-submissions/0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee/photo?size=secret-query').expect(401);
    const unmatched = await api.http().get('/api/no-such-route/0199ffff-0000?token=query-token').expect(404);

    expect(requestLines(logs, String(photo.headers['x-request-id']))).toEqual([
      expect.objectContaining({ route: '/api/admin/contact-submissions/:id/photo', status: 401 }),
    ]);
    expect(requestLines(logs, String(unmatched.headers['x-request-id']))).toEqual([
      expect.objectContaining({ route: 'unmatched', status: 404, method: 'GET' }),
    ]);
    const output = logs.lines.join('\n');
    for (const raw of ['0199aaaa-bbbb', 'secret-query', '0199ffff-0000', 'query-token']) expect(output).not.toContain(raw);
  });

  it("ignores a client's own X-Request-Id when it did not come through a trusted proxy", async () => {
    const response = await api.http().get('/api/news').set('X-Request-Id', 'chosen-by-the-client').expect(200);

    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(logs.lines.join('\n')).not.toContain('chosen-by-the-client');
  });

  it('echoes the id on every answer: JSON errors, the CSRF refusal, a bad URL, and a 500 whose error line carries it', async () => {
    const invalid = await api.http().post('/api/auth/login').send({ email: 'someone@example.test' }).expect(400);
    const crossSite = await api.http().post('/api/auth/logout').set({ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }).expect(403);
    const badUrl = await api.http().get('/api/news/%E0%A4%A').expect(400);
    const failed = await api.http().get('/api/site').expect(500);

    for (const response of [invalid, crossSite, badUrl, failed]) expect(response.headers['x-request-id']).toMatch(UUID);
    expect(failed.body).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    const id = String(failed.headers['x-request-id']);
    expect(logs.entries().filter((entry) => entry.reqId === id)).toEqual([
      expect.objectContaining({ level: 'error', context: 'Api', msg: 'site settings on fire', stack: expect.stringContaining('Error: site settings on fire') }),
      expect.objectContaining({ level: 'error', context: 'Http', msg: 'request completed', route: '/api/site', status: 500 }),
    ]);
    expect(requestLines(logs, String(crossSite.headers['x-request-id']))).toEqual([expect.objectContaining({ route: '/api/auth/logout', status: 403 })]);
  });

  it('never logs a body: not a password in a malformed or a refused sign-in', async () => {
    await api.http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":"root.logs@silverboard.test","password":"half-sent-secret').expect(400);
    await api.http().post('/api/auth/login').send({ email: ROOT.email, password: 'wrong-password-secret' }).expect(401);
    const { token } = await api.login(ROOT.email, ROOT.password);

    const output = logs.lines.join('\n');
    for (const secret of ['half-sent-secret', 'wrong-password-secret', ROOT.password, token, ROOT.email]) expect(output).not.toContain(secret);
  });

  it('takes a sane X-Request-Id from a trusted proxy, and replaces one that is too long or not printable', async () => {
    const taken = await behindProxy.http().get('/api/news').set('X-Request-Id', 'edge-7f3a:01').expect(200);
    const tooLong = await behindProxy.http().get('/api/news').set('X-Request-Id', 'x'.repeat(129)).expect(200);
    const spaced = await behindProxy.http().get('/api/news').set('X-Request-Id', 'two words').expect(200);

    expect(taken.headers['x-request-id']).toBe('edge-7f3a:01');
    expect(requestLines(logs, 'edge-7f3a:01')).toEqual([expect.objectContaining({ route: '/api/news', status: 200 })]);
    expect(tooLong.headers['x-request-id']).toMatch(UUID);
    expect(spaced.headers['x-request-id']).toMatch(UUID);
    const output = logs.lines.join('\n');
    expect(output).not.toContain('x'.repeat(129));
    expect(output).not.toContain('two words');
  });
});
