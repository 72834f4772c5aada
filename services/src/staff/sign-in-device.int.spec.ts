import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../metrics/metrics.js';
import { MemoryAttemptStore } from '../rate-limit/memory-attempt-store.js';
import { metricValue } from '../testing/metric-values.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';
import { DeviceCookies } from './device-cookie.js';
import { DEVICE_KEY } from './device-key.js';
import { SIGN_IN_LIMITS, SignInBudget } from './sign-in-budget.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const ROOT = { email: 'root@silverboard.test', password: 'correct horse battery' };
const BUSY = { error: { code: 'sign_in_busy', message: 'Too many sign-in attempts on the site right now. Please try again in a few seconds.' } };
const TOO_MANY_LOGINS = {
  error: { code: 'too_many_login_attempts', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' },
};
const DAY = 24 * 3600_000;

/**
 * The device lane (issue 19, OWASP's device cookies) with the site's budget full: the budget's
 * wall clock stands still here, so the window stays full for as long as the test takes. Clients
 * are told apart by X-Forwarded-For from the trusted loopback proxy.
 */
describe('sign-in with a device cookie while the site budget is full (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let now = T0;
  let other: { email: string; password: string };
  /** Device cookies (`xsd_device=…`) of earlier sign-ins, taken before the budget filled. */
  const devices: string[] = [];
  let otherDevice: string;

  const login = (client: string, body: object, cookie?: string) => {
    const call = api.http().post('/api/auth/login').set('X-Forwarded-For', client);
    return (cookie ? call.set('Cookie', cookie) : call).send(body);
  };
  const deviceCookieOf = (response: { headers: Record<string, unknown> }) =>
    ([response.headers['set-cookie']].flat() as string[]).find((cookie) => cookie.startsWith('xsd_device='))!.split(';')[0];
  const refusals = (reason: string) => metricValue(api.app.get(Metrics), 'xsd_sign_in_refusals_total', { reason });

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      clock: () => new Date(now),
      http: { trustedProxies: ['loopback'] },
      overrides: [{ provide: SignInBudget, useValue: new SignInBudget(new MemoryAttemptStore(), SIGN_IN_LIMITS, () => new Date(T0)) }],
    });
    const { token } = await api.login(ROOT.email, ROOT.password);
    const created = await api.http().post('/api/admin/users').set('Authorization', `Bearer ${token}`).send({ email: 'ann@silverboard.test', role: 'admin' });
    expect(created.status).toBe(201);
    other = { email: 'ann@silverboard.test', password: created.body.password };
    for (let n = 0; n < 3; n += 1) devices.push(deviceCookieOf((await login('198.51.100.1', ROOT).expect(200))));
    otherDevice = deviceCookieOf((await login('198.51.100.2', other).expect(200)));

    // The rest of the site's budget (the five sign-ins above took theirs), filled by first-time clients with
    // wrong passwords: the shared part and the reserve.
    let filled = 0;
    for (; ; filled += 1) {
      const guess = await login(`203.0.113.${filled + 1}`, { email: `guess-${filled}@flood.test`, password: 'hunter22' });
      if (guess.status === 401) continue;
      expect(guess.body).toEqual(BUSY);
      break;
    }
    expect(filled).toBe(SIGN_IN_LIMITS.site + SIGN_IN_LIMITS.siteReserve - 5);
    expect((await login('192.0.2.200', ROOT)).body).toEqual(BUSY);
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('lets a device that signed in before in, from any address, and hands it a new cookie each time', async () => {
    const first = (await login('192.0.2.1', ROOT, devices[0]).expect(200));
    const renewed = deviceCookieOf(first);
    expect(renewed).not.toBe(devices[0]);
    expect(String(first.headers['set-cookie'])).toMatch(/xsd_device=[^;]+; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Strict/);
    // From an address that flooded, with the renewed cookie.
    (await login('203.0.113.1', ROOT, renewed).expect(200));
    // The old one stays good until it expires.
    (await login('192.0.2.2', ROOT, devices[0]).expect(200));
  });

  it('gives no lane to a forged cookie, another account\'s, another deployment\'s, or an expired one', async () => {
    const key = api.app.get<Buffer>(DEVICE_KEY);
    const [name, value] = devices[1].split('=');
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const elsewhere = `xsd_device=${new DeviceCookies(Buffer.alloc(32, 7)).issue(ROOT.email, new Date(now))}`;
    const expired = `xsd_device=${new DeviceCookies(key).issue(ROOT.email, new Date(now - 181 * DAY))}`;
    const busyBefore = await refusals('sign_in_busy');
    for (const cookie of [forged, elsewhere, expired, otherDevice, 'xsd_device=garbage']) {
      expect((await login('192.0.2.3', ROOT, cookie)).body, cookie).toEqual(BUSY);
    }
    // Ann's own cookie serves Ann only, and root's cookie does not serve Ann.
    expect((await login('192.0.2.3', other, devices[1])).body).toEqual(BUSY);
    (await login('192.0.2.3', other, otherDevice).expect(200));
    expect(await refusals('sign_in_busy')).toBe(busyBefore + 6);
    // A cookie a day within its life still serves.
    (await login('192.0.2.3', ROOT, `xsd_device=${new DeviceCookies(key).issue(ROOT.email, new Date(now - 179 * DAY))}`).expect(200));
  });

  it('locks a device out of its account after five wrong passwords, while other devices and the rest stay open', async () => {
    const tooManyBefore = await refusals('too_many_login_attempts');
    for (let n = 0; n < SIGN_IN_LIMITS.perDevice; n += 1) {
      expect((await login('192.0.2.4', { ...ROOT, password: `wrong ${n}` }, devices[2])).status).toBe(401);
    }
    const locked = await login('192.0.2.4', ROOT, devices[2]);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY_LOGINS);
    expect(await refusals('too_many_login_attempts')).toBe(tooManyBefore + 1);
    // The same address with another device of the account is in: the failures were the device's.
    (await login('192.0.2.4', ROOT, devices[1]).expect(200));
    now += 15 * 60_000;
    (await login('192.0.2.4', ROOT, devices[2]).expect(200));
  });

  it('hands the CLI its device token in the body (kind bearer), and takes it back as device_token', async () => {
    const first = (await login('192.0.2.5', { ...ROOT, kind: 'bearer', device_token: devices[1].split('=')[1] }).expect(200));
    expect(first.body.device_token).toMatch(/^d1\./);
    const again = (await login('192.0.2.5', { ...ROOT, kind: 'bearer', device_token: first.body.device_token }).expect(200));
    expect(again.body.device_token).not.toBe(first.body.device_token);
    // The browser's answer never carries it in the body.
    expect((await login('192.0.2.5', ROOT, devices[1]).expect(200)).body.device_token).toBeUndefined();
    expect((await login('192.0.2.5', { ...ROOT, kind: 'bearer', device_token: 'd1.forged' })).body).toEqual(BUSY);
    expect((await login('192.0.2.5', { ...ROOT, device_token: 42 })).status).toBe(400);
  });
});
