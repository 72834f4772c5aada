import { isApiErrorBody } from '@xsd/contracts/api/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { sendRaw } from '../testing/raw-http.js';
import { type SmtpReceiver, startSmtpReceiver } from '../testing/smtp-receiver.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { startTelegramFake, type TelegramFake } from '../testing/telegram-fake.js';
import { TELEGRAM_SENDER } from '../telegram/telegram-client.module.js';
import { TelegramSender } from '../telegram/telegram-sender.js';

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
  fc.dictionary(fc.constantFrom('email', 'password', 'token', 'title', 'message', 'role', 'currentPassword', 'newPassword', 'confirmPassword', 'maintenance_mode', 'expected_up_time', 'maintenance_title', 'maintenance_message', 'shop', 'community_chat', 'contact_chat', 'kind', '__proto__', 'constructor'), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(...NASTY_TEXT.slice(0, 16)))),
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

const BOUNDARY = 'fuzzboundary';
const FORM_FIELDS: Record<string, string> = { name: 'Ada', email: 'ada@example.com', phone: '', subject: 'Bug Report', message: 'Blank chart.' };

/** A well-formed contact form (fields and a small photo), the starting point of the mutations. */
function wellFormedForm(): string {
  const fields = Object.entries(FORM_FIELDS).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const photo = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000\r\n`;
  return `${fields.join('')}${photo}--${BOUNDARY}--\r\n`;
}

/** One way to break a multipart request: a content type and a body derived from the well-formed ones. */
const multipartMutation = fc.oneof(
  // Cut anywhere: mid-header, mid-part, before the closing boundary.
  fc.nat().map((at) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, body: wellFormedForm().slice(0, at % wellFormedForm().length) })),
  // Content types without, with an empty, a wrong or a huge boundary.
  fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other', `multipart/form-data; boundary="${BOUNDARY}`, `multipart/form-data; boundary=${'b'.repeat(5_000)}`, 'multipart/mixed; boundary=fuzzboundary', 'multipart/form-data; boundary=fuzzboundary; charset=utf-16')
    .map((type) => ({ type, body: wellFormedForm() })),
  // A byte or a run of bytes overwritten, or the CRLFs turned into LFs.
  fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 40 })).map(([at, bytes]) => {
    const form = wellFormedForm();
    const from = at % form.length;
    return { type: `multipart/form-data; boundary=${BOUNDARY}`, body: form.slice(0, from) + Buffer.from(bytes).toString('latin1') + form.slice(from + bytes.length) };
  }),
  fc.constant({ type: `multipart/form-data; boundary=${BOUNDARY}`, body: wellFormedForm().replaceAll('\r\n', '\n') }),
  // Parts the form does not have, too many of them, a header over the limit, a field over its size.
  fc.tuple(fc.constantFrom('name', 'photo', 'admin', '__proto__', 'constructor', '', 'x'.repeat(300)), fc.integer({ min: 1, max: 30 }), fc.boolean()).map(([name, times, asFile]) => {
    const disposition = `form-data; name="${name}"${asFile ? '; filename="b.png"' : ''}`;
    const extra = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\nvalue\r\n`.repeat(times);
    return { type: `multipart/form-data; boundary=${BOUNDARY}`, body: wellFormedForm().replace(`--${BOUNDARY}--`, `${extra}--${BOUNDARY}--`) };
  }),
  fc.integer({ min: 1, max: 40 }).map((kib) => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: wellFormedForm().replace('name="name"', `name="name"; x="${'h'.repeat(kib * 1_024)}"`),
  })),
  fc.integer({ min: 20, max: 40 }).map((headers) => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: wellFormedForm().replace('name="name"\r\n', `name="name"\r\n${Array.from({ length: headers }, (_, n) => `X-H${n}: v\r\n`).join('')}`),
  })),
  fc.constantFrom(70_000, 5_242_881).map((size) => ({
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: wellFormedForm().replace(size < 1_000_000 ? 'Blank chart.' : '0000', 'z'.repeat(size)),
  })),
);

/**
 * Requests a client library would never send, written to the socket as they are: no Host, odd
 * Expect values, both framings, broken chunks, oversized headers and URLs, request lines that
 * are not HTTP. Each is whole, so the server has nothing to wait for.
 */
function protocolCases(): string[] {
  const paths = ['/api/prices/latest', '/api/auth/login', '/api/contact', '/api/admin/users', '/'];
  const cases: string[] = [];
  for (const path of paths) {
    const json = 'Content-Type: application/json\r\n';
    cases.push(
      `GET ${path} HTTP/1.1\r\n\r\n`,
      `POST ${path} HTTP/1.1\r\n${json}Content-Length: 2\r\n\r\n{}`,
      ...['100-continue-x', 'hello', '100-continue, 200-ok', '', 'x'.repeat(1_000)].map(
        (expect) => `POST ${path} HTTP/1.1\r\nHost: x\r\nExpect: ${expect}\r\n${json}Content-Length: 2\r\n\r\n{}`,
      ),
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n`,
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Content-Length: -2\r\n\r\n{}`,
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n`,
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Transfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      ...['zz\r\n{}\r\n0\r\n\r\n', '-1\r\n{}\r\n0\r\n\r\n', 'ffffffffffffffffff\r\n{}\r\n0\r\n\r\n', '2\r\n{}0\r\n\r\n', '2;x=\u0001\r\n{}\r\n0\r\n\r\n', '1\r\n{}\r\n0\r\n\r\n'].map(
        (chunks) => `POST ${path} HTTP/1.1\r\nHost: x\r\n${json}Transfer-Encoding: chunked\r\n\r\n${chunks}`,
      ),
      `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
      `GET ${path} HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 2_000 }, (_, n) => `X-${n}: v\r\n`).join('')}\r\n`,
      `GET ${path}?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\n\r\n`,
      `GET ${path} HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n`,
      `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n`,
      `GET ${path} HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`,
      `GET http://elsewhere.example${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET ${path} HTTP/2.0\r\nHost: x\r\n\r\n`,
      `GET ${path} HTTP/1.1 extra\r\nHost: x\r\n\r\n`,
      `get ${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `BREW ${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET ${path}\r\n\r\n`,
      `GET ${path} HTTP/1.1\nHost: x\n\n`,
    );
  }
  cases.push('HELLO THERE\r\n\r\n', 'CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n', `GET /${'%'.repeat(10)} HTTP/1.1\r\nHost: x\r\n\r\n`);
  return cases;
}

/** What every answer carries (security-headers.ts). */
function missingSecurityHeaders(get: (name: string) => string | null | undefined): string[] {
  const missing: string[] = [];
  if (!(get('content-security-policy') ?? '').includes("default-src 'self'")) missing.push('content-security-policy');
  if (get('x-content-type-options') !== 'nosniff') missing.push('x-content-type-options');
  if (get('x-frame-options') !== 'DENY') missing.push('x-frame-options');
  return missing;
}

/** Why an answer breaks the contract (a 5xx, an error outside the JSON shape, no security headers), or null. */
function contractBreach(status: number, text: string, get: (name: string) => string | null | undefined): string | null {
  if (status >= 500) return `${status} ${text.slice(0, 120)}`;
  if (status >= 400) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: reported below
    }
    if (!isApiErrorBody(body)) return `${status} not the error shape: ${text.slice(0, 120)}`;
  }
  // Interim answers (100 Continue) carry no headers of their own.
  const missing = status >= 200 ? missingSecurityHeaders(get) : [];
  return missing.length > 0 ? `${status} without ${missing.join(', ')}` : null;
}

describe('every route against malformed input', () => {
  let pipeline: Pipeline;
  let smtp: SmtpReceiver;
  let api: StaffTestApp;
  let telegram: TelegramFake;
  let base: string;
  let token: string;
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    // Mail on, so that the password reset routes run their whole way.
    smtp = await startSmtpReceiver();
    // Telegram on (its Bot API faked), so 'Send to Telegram' is tried past its "not enabled" answer.
    telegram = await startTelegramFake();
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      config: { mail: { smtpUrl: smtp.url, from: 'noreply@silverboard.test' } },
      overrides: [{ provide: TELEGRAM_SENDER, useValue: TelegramSender.fromConfig({ botToken: telegram.token, apiUrl: telegram.url }) }],
      // The multipart cases each come "from" an address of their own.
      http: { trustedProxies: ['loopback'] },
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
    await smtp?.close();
    await telegram?.close();
    await pipeline?.cleanup();
  });

  it('finds the routes it is to try', () => {
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/prices/latest', 'POST /api/auth/login', 'PUT /api/admin/site', 'PATCH /api/admin/site/links', 'GET /api/wallets/:address', 'POST /api/admin/users',
        'POST /api/auth/password-reset', 'POST /api/auth/password-reset/confirm', 'POST /api/admin/users/password-reset', 'POST /api/alerts/telegram-link',
        'GET /api/admin/channels', 'POST /api/admin/channels', 'PATCH /api/admin/channels/:id', 'DELETE /api/admin/channels/:id']),
    );
  });

  it('never answers 5xx nor outside the JSON error shape, signed in or not', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    let serverErrors = 0;
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
          if (response.status >= 500) serverErrors += 1;
          const breach = contractBreach(response.status, text, (name) => response.headers.get(name));
          if (breach !== null) failures.push(`${one.method} ${one.path.slice(0, 80)} -> ${breach}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2_000);
    expect({ serverErrors, failures: failures.slice(0, 200) }).toEqual({ serverErrors: 0, failures: [] });
  });

  it('never answers a broken multipart form with a 5xx nor outside the JSON error shape', { timeout: 120_000 }, async () => {
    const mutations = fc.sample(multipartMutation, { numRuns: 300, seed: SEED });
    const failures: string[] = [];
    let serverErrors = 0;
    for (const [index, { type, body }] of mutations.entries()) {
      // Each from an address of its own (the loopback is a trusted proxy here): the flood limit stays out of the way.
      const response = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': type, 'x-forwarded-for': `10.2.${index >> 8}.${index & 255}` },
        body: Buffer.from(body, 'latin1'),
        signal: AbortSignal.timeout(20_000),
      }).catch((error: unknown) => ({ status: 0, error }) as const);
      if ('error' in response) {
        failures.push(`#${index} ${type.slice(0, 60)}: no answer (${String(response.error)})`);
        continue;
      }
      const text = await response.text();
      if (response.status >= 500) serverErrors += 1;
      const breach = contractBreach(response.status, text, (name) => response.headers.get(name));
      if (breach !== null) failures.push(`#${index} ${type.slice(0, 60)} ${JSON.stringify(body.slice(0, 60))} -> ${breach}`);
    }
    expect(mutations.length).toBe(300);
    expect({ serverErrors, failures: failures.slice(0, 100) }).toEqual({ serverErrors: 0, failures: [] });
  });

  it('never answers a request broken below HTTP with a 5xx, outside the JSON error shape or without the security headers', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let serverErrors = 0;
    const cases = protocolCases();
    for (const bytes of cases) {
      const answer = await sendRaw(base, bytes);
      const shown = JSON.stringify(bytes.slice(0, 90));
      if (answer === null) {
        failures.push(`${shown}: no answer`);
        continue;
      }
      if (answer.status >= 500) serverErrors += 1;
      const breach = contractBreach(answer.status, answer.body, (name) => answer.headers[name]);
      if (breach !== null) failures.push(`${shown} -> ${breach}`);
    }
    expect(cases.length).toBeGreaterThan(150);
    expect({ serverErrors, failures: failures.slice(0, 100) }).toEqual({ serverErrors: 0, failures: [] });
  });

  it('refuses a request whose headers are too large with the JSON error shape', async () => {
    const response = await fetch(`${base}/api/prices/latest`, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(isApiErrorBody(await response.json())).toBe(true);
  });
});
