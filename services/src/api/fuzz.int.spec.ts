import { isApiErrorBody } from '@xsd/contracts/api/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';

const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };
/** Fixed, so a failure is replayed exactly by running the test again. */
const SEED = 20261122;

interface Case {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
}

/** Text no route should take: NUL, unpaired surrogates, emoji cut in half, huge, or looking like numbers that are not. */
const NASTY_TEXT = [
  'a\u0000b',
  'a\ud800',
  '\udc00z',
  '🙂'.slice(0, 1),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '9007199254740993',
  '0x10',
  '   ',
  '',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  'x'.repeat(1_048_576),
];

/** URL-encoded forms of the nasty text, including bytes that are not UTF-8 at all. */
const NASTY_URL_PARTS = [...NASTY_TEXT.slice(0, 17).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))), '%ED%A0%80', '%C0%AF', '%FF', '%E0%A4%A', 'a%00b', '%', 'x'.repeat(20_000)];

/** JSON that is valid but of every wrong shape: scalars for objects, arrays for scalars, deep nesting. */
const jsonShapes = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.constantFrom('email', 'password', 'token', 'title', 'message', 'role', 'currentPassword', 'newPassword', 'confirmPassword', 'maintenance_mode', 'expected_up_time', 'maintenance_title', 'maintenance_message', 'kind', '__proto__', 'constructor'), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...NASTY_TEXT.slice(0, 16)))),
);

function bodies(): string[] {
  const generated = fc.sample(jsonShapes, { numRuns: 40, seed: SEED }).map((value) => JSON.stringify(value) ?? 'null');
  return [
    ...generated,
    JSON.stringify({ email: 'a\u0000b', password: 'x' }),
    JSON.stringify({ email: 'root@silverboard.test', password: 'a\ud800' }),
    '{"email": "a\\ud800b", "password": "\\u0000"}',
    '{"__proto__": {"admin": true}, "email": "x@y.z", "password": "p"}',
    '[' .repeat(5_000) + ']'.repeat(5_000),
    '{"a":' .repeat(3_000) + '1' + '}'.repeat(3_000),
    '{"email": NaN, "password": Infinity}',
    '{"email": "x", ',
    '',
    'null',
    '"just a string"',
    JSON.stringify({ email: 'x'.repeat(600_000), password: 'y'.repeat(600_000) }),
  ];
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'image/png',
];

function casesFor(method: string, pattern: string): Case[] {
  const cases: Case[] = [];
  const params = pattern.match(/:\w+/g) ?? [];
  const fill = (value: string) => params.reduce((path, param) => path.replace(param, value), pattern);
  const path = fill('1');
  for (const part of NASTY_URL_PARTS) {
    if (params.length > 0) cases.push({ method, path: fill(part) });
    cases.push({ method, path: `${path}?days=${part}&token=${part}&chain=${part}&limit=${part}&from=${part}&to=${part}&address=${part}` });
  }
  // Repeated keys become arrays; keys that look like prototypes must stay plain data.
  cases.push({ method, path: `${path}?days=1&days=7&token=XSD&token=BANKX&limit=1&limit=2` });
  cases.push({ method, path: `${path}?__proto__[x]=1&constructor[prototype][y]=2&days[]=1` });
  if (method === 'GET' || method === 'HEAD') return cases;
  for (const body of bodies()) cases.push({ method, path, headers: { 'content-type': 'application/json' }, body });
  for (const type of CONTENT_TYPES) {
    cases.push({ method, path, headers: { 'content-type': type }, body: type.startsWith('multipart') ? '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--\r\n' : 'email=a&password=b' });
  }
  cases.push({ method, path, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: 'not gzip' });
  cases.push({ method, path, headers: { 'content-type': 'application/json' }, body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b]) });
  return cases;
}

describe('every route against malformed input', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let base: string;
  let token: string;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      onRoute: ({ method, url }) => {
        for (const one of [method].flat()) if (one !== 'HEAD' && one !== 'OPTIONS') routes.push({ method: one, url });
      },
    });
    await api.app.listen(0, '127.0.0.1');
    base = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    token = (await api.login(ROOT.email, ROOT.password)).token;
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('finds the routes it is to try', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/prices/latest', 'POST /api/auth/login', 'PUT /api/admin/site', 'GET /api/wallets/:address', 'POST /api/admin/users']),
    );
  });

  it('never answers 5xx nor outside the JSON error shape, signed in or not', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    // The stream never ends by itself: it is tried on its own below.
    for (const route of routes.filter((r) => r.url !== '/api/stream')) {
      for (const one of casesFor(route.method, route.url)) {
        for (const auth of [{}, { authorization: `Bearer ${token}` }]) {
          sent += 1;
          const response = await fetch(`${base}${one.path}`, {
            method: one.method,
            headers: { ...one.headers, ...auth },
            body: one.body,
            signal: AbortSignal.timeout(20_000),
          }).catch((error: unknown) => ({ status: 0, error }) as const);
          if ('error' in response) {
            failures.push(`${one.method} ${one.path.slice(0, 80)}: no answer (${String(response.error)})`);
            continue;
          }
          const text = await response.text();
          if (response.status >= 500) failures.push(`${one.method} ${one.path.slice(0, 80)} -> ${response.status} ${text.slice(0, 120)}`);
          if (response.status >= 400) {
            let body: unknown = null;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: reported below
            }
            if (!isApiErrorBody(body)) failures.push(`${one.method} ${one.path.slice(0, 80)} -> ${response.status} not the error shape: ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(2_000);
    expect(failures.slice(0, 200)).toEqual([]);
  });

  it('refuses a request whose headers are too large with the JSON error shape', async () => {
    const response = await fetch(`${base}/api/prices/latest`, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(isApiErrorBody(await response.json())).toBe(true);
  });
});
