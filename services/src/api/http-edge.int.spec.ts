import { connect } from 'node:net';
import { isApiErrorBody } from '@xsd/contracts/api/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestPinoLogger } from '../logging/nest-logger.js';
import { type ApiTestApp, createApiTestApp } from '../testing/api-test-app.js';
import { captureLogs } from '../testing/log-capture.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { type RawAnswer, sendRaw } from '../testing/raw-http.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { createWebBuildFixture, type WebBuildFixture } from '../testing/web-build-fixture.js';

/** The headers every answer carries (security-headers.ts), whoever wrote it. */
function expectSecurityHeaders(headers: Readonly<Record<string, string>> | Headers): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? '';
  expect(get('content-security-policy')).toContain("default-src 'self'");
  expect(get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

/** An answer in the JSON error shape with the security headers. */
function expectErrorAnswer(answer: RawAnswer | null, status: number): void {
  expect(answer?.status).toBe(status);
  expect(answer?.headers['content-type']).toMatch(/^application\/json/);
  expect(isApiErrorBody(JSON.parse(answer!.body))).toBe(true);
  expectSecurityHeaders(answer!.headers);
}

async function listening(app: { app: { listen(port: number, host: string): Promise<unknown>; getUrl(): Promise<string> } }): Promise<string> {
  await app.app.listen(0, '127.0.0.1');
  return (await app.app.getUrl()).replace('[::1]', '127.0.0.1');
}

describe('the HTTP edge: headers, web app files', () => {
  let api: ApiTestApp;
  let base: string;
  let web: WebBuildFixture;

  beforeAll(async () => {
    web = await createWebBuildFixture({ 'index-3f2a9c.js': 'console.log(1)', 'index-3f2a9c.js.map': '{"version":3}' });
    api = await createApiTestApp({ webDir: web.dir });
    base = await listening(api);
  });

  afterAll(async () => {
    await api?.close();
    await web?.remove();
  });

  it.each(['/', '/admin', '/api/prices/latest', '/api/nothing-here', '/assets/index-3f2a9c.js'])('sends the security headers on %s', async (path) => {
    const response = await fetch(`${base}${path}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
    // Plain http: HSTS would be ignored at best and lock a local install out at worst.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves hashed assets for a year, the page revalidated, version.json never stored, with ETags and 304s', async () => {
    const asset = await fetch(`${base}/assets/index-3f2a9c.js`);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const page = await fetch(`${base}/calendar`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    const version = await fetch(`${base}/version.json`);
    expect(version.headers.get('cache-control')).toBe('no-store');
    const etag = version.headers.get('etag')!;
    expect((await fetch(`${base}/version.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves every page under a policy that allows no inline script or style, revalidated by its ETag', async () => {
    const pages = [];
    for (const path of ['/', '/silver-price']) {
      const response = await fetch(`${base}${path}`);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("style-src 'self';");
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toMatch(/unsafe-inline|nonce-/);
      expect(policy).toContain("frame-ancestors 'none'");
      pages.push({ etag: response.headers.get('etag'), html: await response.text() });
    }
    expect(pages[1]).toEqual(pages[0]);
    const again = await fetch(`${base}/`, { headers: { 'if-none-match': pages[0]!.etag! } });
    expect(again.status).toBe(304);
  });

  it('serves no source maps', async () => {
    const response = await fetch(`${base}/assets/index-3f2a9c.js.map`);
    expect(response.status).toBe(404);
    expect(isApiErrorBody(await response.json())).toBe(true);
  });

  it('answers unknown API paths, missing assets and writes to assets in the JSON error shape', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/assets/missing.js'],
      ['POST', '/assets/index-3f2a9c.js'],
      ['DELETE', '/assets/index-3f2a9c.js'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method });
      expect(response.status).toBe(404);
      expect(isApiErrorBody(await response.json())).toBe(true);
    }
  });

  it.each(['//api/admin/users', '/API/admin/users', '/Api/news', '/api//news', '//api//prices/latest', '/API', '/api;x', '/%2Fapi/news', '/%41PI/news', '//assets/missing.js'])(
    'answers %s, an API path in another case or with more slashes, with a JSON 404, never the app',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(isApiErrorBody(await response.json())).toBe(true);
    },
  );

  it('still serves the app on paths that only start like the API', async () => {
    for (const path of ['/apiary', '/news/api']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('answers ETag revalidations of hot routes with 304', async () => {
    const first = await fetch(`${base}/api/chains`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${base}/api/chains`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});

describe('the HTTP edge: CORS', () => {
  let api: ApiTestApp;
  let base: string;

  beforeAll(async () => {
    api = await createApiTestApp();
    base = await listening(api);
  });
  afterAll(() => api?.close());

  it.each(['/api/v1/prices', '/api/prices/latest', '/api/silver/history?days=7'])('lets any origin read the public API: %s', async (path) => {
    const response = await fetch(`${base}${path}`, { headers: { origin: 'https://elsewhere.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${base}${path}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(['/api/v1/prices', '/api/prices/latest', '/api/silver/latest', '/api/stream'])(
    'answers %s the same with or without an Origin, so a shared cache can keep one copy',
    async (path) => {
      const controller = new AbortController();
      const withoutOrigin = await fetch(`${base}${path}`, { signal: controller.signal });
      const withOrigin = await fetch(`${base}${path}`, { headers: { origin: 'https://elsewhere.example' }, signal: controller.signal });
      controller.abort();
      for (const response of [withoutOrigin, withOrigin]) {
        expect(response.headers.get('access-control-allow-origin')).toBe('*');
        expect(response.headers.get('vary') ?? '').not.toMatch(/origin/i);
      }
    },
  );

  it.each([
    ['GET', '/api/auth/me'],
    ['POST', '/api/auth/login'],
    ['PUT', '/api/admin/site'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/site'],
  ])('answers no other origin on %s %s', async (method, path) => {
    const preflight = await fetch(`${base}${path}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': method },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const response = await fetch(`${base}${path}`, { headers: { origin: 'https://elsewhere.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the HTTP edge: cross-site requests, bodies and proxies', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let base: string;
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, http: { timeouts: { requestMs: 1_500, headersMs: 1_000, keepAliveMs: 5_000, checkEveryMs: 250 } } });
    base = await listening(api);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ROOT) });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    token = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  const users = async () => ((await (await fetch(`${base}/api/admin/users`, { headers: { cookie } })).json()) as { items: unknown[] }).items.length;

  it('refuses a cookie-authenticated write from another site (403, JSON) and changes nothing', async () => {
    const before = await users();
    for (const headers of [
      { origin: 'http://evil.example', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      { 'sec-fetch-site': 'same-site', origin: 'http://sub.evil.example', 'content-type': 'text/plain' },
    ]) {
      const body = headers['content-type'] === 'application/json' ? JSON.stringify({ email: 'mallory@evil.example', role: 'super_admin' }) : 'email=mallory%40evil.example&role=super_admin';
      const response = await fetch(`${base}/api/admin/users`, { method: 'POST', headers: { ...headers, cookie }, body });
      expect(response.status).toBe(403);
      expect(isApiErrorBody(await response.json())).toBe(true);
    }
    const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: 'http://evil.example' } });
    expect(logout.status).toBe(403);
    expect(await users()).toBe(before);
    expect((await fetch(`${base}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
  });

  it('accepts the same write from the app itself, and from the CLI with a bearer token', async () => {
    const own = await fetch(`${base}/api/admin/users`, {
      method: 'POST',
      headers: { cookie, origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@silverboard.test', role: 'admin' }),
    });
    expect(own.status).toBe(201);
    const cli = await fetch(`${base}/api/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'second@silverboard.test', role: 'admin' }),
    });
    expect(cli.status).toBe(201);
  });

  it('takes JSON only: a form-encoded or text body is refused with 415 and changes nothing', async () => {
    const before = await users();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await fetch(`${base}/api/admin/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body: type.startsWith('multipart') ? '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--x--\r\n' : 'email=a%40b.c&role=admin',
      });
      expect(response.status).toBe(415);
      expect(isApiErrorBody(await response.json())).toBe(true);
    }
    expect(await users()).toBe(before);
  });

  it('refuses NUL and broken Unicode anywhere in a request with 400', async () => {
    for (const body of ['{"email":"a\\u0000b","password":"x"}', '{"email":"root@silverboard.test","password":"a\\ud800"}']) {
      const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_text');
    }
    const site = await fetch(`${base}/api/admin/site`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ maintenance_mode: true, maintenance_title: '🙂'.slice(0, 1), maintenance_message: null }),
    });
    expect(site.status).toBe(400);
    expect(((await (await fetch(`${base}/api/site`)).json()) as { maintenance_mode: boolean }).maintenance_mode).toBe(false);
  });

  it('believes no X-Forwarded-For from a client that is not a configured proxy', async () => {
    // Five failures from one address for one email, each "from" a different forwarded address.
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${attempt}` },
        body: JSON.stringify({ email: 'guess@silverboard.test', password: 'wrong' }),
      });
      expect(response.status).toBe(401);
    }
    const sixth = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ email: 'guess@silverboard.test', password: 'wrong' }),
    });
    expect(sixth.status).toBe(429);
  });

  it('cuts off a client that trickles its body, with 408 in the JSON error shape', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      const drip = setInterval(() => socket.writable && socket.write(' '), 200);
      socket.on('close', () => clearInterval(drip));
      setTimeout(() => socket.destroy(new Error('still open after 10 s')), 10_000).unref();
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(isApiErrorBody(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)))).toBe(true);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
  });
});

describe('the HTTP edge: what Node and Fastify answer themselves', () => {
  let api: ApiTestApp;
  let base: string;

  beforeAll(async () => {
    api = await createApiTestApp();
    base = await listening(api);
  });
  afterAll(() => api?.close());

  it.each([
    ['no Host', 'GET /api/prices/latest HTTP/1.1\r\n\r\n', 400],
    ['an Expect other than 100-continue', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: hello\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}', 417],
    ['an Expect that only contains 100-continue', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: 100-continue-x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}', 417],
    ['both Content-Length and Transfer-Encoding', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
    ['a chunk size that is not hex', 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n', 400],
    ['headers over the limit', `GET /api/prices/latest HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`, 431],
    ['a huge URL', `GET /api/prices/latest?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400],
    ['the proxy method CONNECT', 'CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n', 405],
    ['a URL that is not percent-encoding', 'GET /api/wallets/% HTTP/1.1\r\nHost: x\r\n\r\n', 400],
  ])('answers a request with %s in the JSON error shape with the security headers', async (_name, bytes, status) => {
    expectErrorAnswer(await sendRaw(base, bytes), status);
  });

  it('still serves an HTTP/1.0 request without Host, and 100-continue', async () => {
    expect((await sendRaw(base, 'GET /api/prices/latest HTTP/1.0\r\n\r\n'))?.status).toBe(200);
    const login = 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
    expect((await sendRaw(base, login, 1_000))?.status).toBe(100);
  });
});

describe('the HTTP edge: malformed multipart on POST /api/contact', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let base: string;
  let client = 0;
  const logs = captureLogs();
  const FIELDS: Record<string, string> = { name: 'Ada', email: 'ada@example.com', subject: 'Bug Report', message: 'Blank chart.' };
  const part = (name: string, value: string, extra = '') => `--xyz\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
  const form = (fields: Record<string, string>) => Object.entries(fields).map(([name, value]) => part(name, value)).join('');
  const photo = (name: string, bytes: string) => `--xyz\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n`;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    // Each request from its own address (the loopback is a trusted proxy), so the flood limit stays out of the way.
    api = await createStaffTestApp(pipeline, { logger: new NestPinoLogger(logs.logger), http: { logger: logs.logger, trustedProxies: ['loopback'] } });
    base = await listening(api);
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it.each([
    ['no boundary', 'multipart/form-data', `${form(FIELDS)}--xyz--\r\n`, 400],
    ['an empty boundary', 'multipart/form-data; boundary=', `${form(FIELDS)}--xyz--\r\n`, 400],
    ['another boundary than the body has', 'multipart/form-data; boundary=abc', `${form(FIELDS)}--xyz--\r\n`, 400],
    ['no closing boundary', 'multipart/form-data; boundary=xyz', form(FIELDS), 400],
    ['a part cut short', 'multipart/form-data; boundary=xyz', `${form(FIELDS)}--xyz\r\nContent-Disposition: form-data; name="phone"\r\n\r\n12`, 400],
    ['a part without headers', 'multipart/form-data; boundary=xyz', `--xyz\r\nab`, 400],
    ['a field over the size limit', 'multipart/form-data; boundary=xyz', `${form({ ...FIELDS, message: 'm'.repeat(70_000) })}--xyz--\r\n`, 400],
    ['a photo over the size limit', 'multipart/form-data; boundary=xyz', `${form(FIELDS)}${photo('photo', 'p'.repeat(5_242_881))}--xyz--\r\n`, 413],
    ['too many fields', 'multipart/form-data; boundary=xyz', `${form({ ...FIELDS, phone: '1' })}${part('name', 'again')}--xyz--\r\n`, 400],
    ['a field sent twice', 'multipart/form-data; boundary=xyz', `${form(FIELDS)}${part('name', 'again')}--xyz--\r\n`, 400],
    ['too many files', 'multipart/form-data; boundary=xyz', `${form(FIELDS)}${photo('photo', 'a')}${photo('photo', 'b')}--xyz--\r\n`, 400],
    ['a field the form does not have', 'multipart/form-data; boundary=xyz', `${form({ ...FIELDS, admin: 'yes' })}--xyz--\r\n`, 400],
    ['a file under another name', 'multipart/form-data; boundary=xyz', `${form(FIELDS)}${photo('file', 'a')}--xyz--\r\n`, 400],
    ['a part header over the limit', 'multipart/form-data; boundary=xyz', `${part('name', 'Ada', `; x="${'h'.repeat(20_000)}"`)}--xyz--\r\n`, 400],
    ['no parts at all', 'multipart/form-data; boundary=xyz', '--xyz--\r\n', 400],
  ])('answers %s with a 4xx in the JSON error shape and logs no error', async (_name, type, body, status) => {
    const response = await fetch(`${base}/api/contact`, { method: 'POST', headers: { 'content-type': type, 'x-forwarded-for': `10.1.0.${++client}` }, body });
    expect(response.status).toBe(status);
    expect(isApiErrorBody(await response.json())).toBe(true);
    expectSecurityHeaders(response.headers);
    expect(logs.entries().filter((entry) => entry.level === 'error' || entry.level === 'fatal')).toEqual([]);
  });

  it('answers a body whose chunks end mid-part with 400 in the JSON error shape', async () => {
    const cut = `${form(FIELDS)}--xyz\r\nContent-Disposition: form-data; name="phone"\r\n\r\n12`;
    const head = `POST /api/contact HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.1.1.1\r\nContent-Type: multipart/form-data; boundary=xyz\r\nTransfer-Encoding: chunked\r\n\r\n`;
    expectErrorAnswer(await sendRaw(base, `${head}${Buffer.byteLength(cut).toString(16)}\r\n${cut}\r\n0\r\n\r\n`), 400);
    expect(logs.entries().filter((entry) => entry.level === 'error' || entry.level === 'fatal')).toEqual([]);
  });

  it('still takes a well-formed form', async () => {
    const response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-forwarded-for': '10.1.2.1' },
      body: `${form({ ...FIELDS, phone: '' })}--xyz--\r\n`,
    });
    expect(response.status).toBe(201);
  });
});
