import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../metrics/metrics.js';
import { MemoryAttemptStore } from '../rate-limit/memory-attempt-store.js';
import { requestOver } from '../testing/agent-request.js';
import { metricSeries } from '../testing/metric-values.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';
import { HASHING_QUEUE } from './password-hasher.js';
import { SIGN_IN_LIMITS, SignInBudget } from './sign-in-budget.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const ROOT = { email: 'root@silverboard.test', password: 'correct horse battery' };
const FIFTEEN_MINUTES = 15 * 60_000;
const TOO_MANY_LOGINS = {
  error: { code: 'too_many_login_attempts', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' },
};
const TOO_MANY_PASSWORDS = {
  error: { code: 'too_many_password_attempts', message: 'Too many wrong current passwords. Please wait 15 minutes and try again.' },
};
const BUSY = { error: { code: 'sign_in_busy', message: 'Too many sign-in attempts on the site right now. Please try again in a few seconds.' } };
const WRONG_PASSWORD = { error: { code: 'wrong_password', message: 'Current password is incorrect' } };

/** The budget's limits as the routes meet them; clients told apart by X-Forwarded-For from a trusted proxy. */
describe('sign-in budget at the routes (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let now = T0;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      clock: () => new Date(now),
      http: { trustedProxies: ['loopback'] },
    });
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  const login = (client: string, email: string, password: string) =>
    api.http().post('/api/auth/login').set('X-Forwarded-For', client).send({ email, password });

  it('given twenty failures from one client over as many emails, then that client is refused for every email, even with the right password, and others are not', async () => {
    const client = '203.0.113.7';
    for (let n = 0; n < 20; n += 1) expect((await login(client, `guess-${n}@silverboard.test`, 'hunter2')).status).toBe(401);

    const refused = await login(client, ROOT.email, ROOT.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY_LOGINS);
    // Each refusal counted under the code it answered with.
    const refusals = await metricSeries(api.app.get(Metrics), 'xsd_sign_in_refusals_total');
    expect(refusals.map((s) => [s.labels.reason, s.value])).toEqual([
      ['login_failed', 20],
      ['too_many_login_attempts', 1],
    ]);
    expect((await login('203.0.113.8', ROOT.email, ROOT.password)).status).toBe(200);

    now += FIFTEEN_MINUTES;
    expect((await login(client, ROOT.email, ROOT.password)).status).toBe(200);
  });

  describe('POST /api/auth/password', () => {
    const change = (token: string, currentPassword: string, newPassword = 'a brand new passphrase') =>
      api.http().post('/api/auth/password').set('Authorization', `Bearer ${token}`).send({ currentPassword, newPassword, confirmPassword: newPassword });

    it('given five wrong current passwords, then it refuses further tries for 15 minutes, even the right one, with 429 and its message', async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      for (let n = 0; n < 5; n += 1) {
        const wrong = await change(token, `guess ${n}`);
        expect(wrong.status).toBe(400);
        expect(wrong.body).toEqual(WRONG_PASSWORD);
      }
      for (const guess of ['guess 5', ROOT.password]) {
        const refused = await change(token, guess);
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual(TOO_MANY_PASSWORDS);
      }
      // Signing in is a different check: still open, and a wrong current password is no sign-in refused.
      const { token: fresh } = await api.login(ROOT.email, ROOT.password);
      const refusals = await metricSeries(api.app.get(Metrics), 'xsd_sign_in_refusals_total');
      expect(refusals.map((s) => s.labels.reason).sort()).toEqual(['login_failed', 'too_many_login_attempts']);

      now += FIFTEEN_MINUTES;
      const next = 'changed after the wait';
      expect((await change(fresh, ROOT.password, next)).status).toBe(200);
      expect((await change(fresh, next, ROOT.password)).status).toBe(200);
    });

    it('given wrong current passwords below the limit, then the right one works and the count starts again', async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      const next = 'the second passphrase';
      for (let n = 0; n < 4; n += 1) expect((await change(token, `guess ${n}`)).status).toBe(400);
      expect((await change(token, ROOT.password, next)).status).toBe(200);

      for (let n = 0; n < 4; n += 1) expect((await change(token, `guess ${n}`)).status).toBe(400);
      expect((await change(token, next, ROOT.password)).status).toBe(200);
    });
  });
});

/**
 * The site's shared part closed (no places), so every sign-in needs a client's first check from
 * the reserve and its one-at-a-time hashing lane: a burst of first-time clients fills that lane's
 * gate, and the ones it refuses must keep their first check, or they could not sign in again for
 * the whole failure window. The burst goes out at once on connections opened beforehand, three
 * times what the gate holds: admitting a request takes a fraction of one hash's time, so most of
 * the burst meets a full gate however loaded the machine is.
 */
describe('first-time sign-ins the hashing gate refused (embedded pipeline)', () => {
  /** Room in the reserve for the burst once: the places of the checks the gate refused come back for their second tries. */
  const BURST = 3 * (HASHING_QUEUE + 1);
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let port: number;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, {
      admin: ROOT,
      http: { trustedProxies: ['loopback'] },
      overrides: [
        { provide: SignInBudget, useValue: new SignInBudget(new MemoryAttemptStore(), { ...SIGN_IN_LIMITS, site: 0, siteReserve: BURST }) },
      ],
    });
    await api.app.listen(0, '127.0.0.1');
    port = (api.app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('lets each of them in at its next try', async () => {
    const clients = Array.from({ length: BURST }, (_, n) => ({ address: `198.51.100.${n + 1}`, agent: new Agent({ keepAlive: true, maxSockets: 1 }) }));
    try {
      const send = (client: (typeof clients)[number], method: string, path: string, body?: object) =>
        requestOver(port, client.agent, method, path, body, { 'x-forwarded-for': client.address });
      // Each client's connection open and idle before the burst.
      await Promise.all(clients.map((client) => send(client, 'GET', '/api/health')));
      // Each its own email (one account's sign-ins at once would queue on its stream instead).
      const burst = await Promise.all(
        clients.map(async (client, n) => ({ client, answer: await send(client, 'POST', '/api/auth/login', { email: `first-${n}@silverboard.test`, password: 'a first try' }) })),
      );
      const refused = burst.filter(({ answer }) => answer.status !== 401);
      expect(refused.length).toBeGreaterThan(0);
      for (const { answer } of refused) expect(JSON.parse(answer.body)).toEqual(BUSY);
      for (const { client } of refused) expect((await send(client, 'POST', '/api/auth/login', ROOT)).status, client.address).toBe(200);
    } finally {
      for (const { agent } of clients) agent.destroy();
    }
  });
});
