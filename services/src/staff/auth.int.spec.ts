import type { LoggerService } from '@nestjs/common';
import { STAFF_DIRECTORY_SUBJECT, staffAccountSubject } from '@xsd/contracts';
import type { MeResponse } from '@xsd/contracts/api/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Projector } from '../projector/projector.js';
import { openPipeline, type Pipeline } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';
import { PasswordHasher } from './password-hasher.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const ROOT = { email: 'root@silverboard.test', password: 'correct horse battery' };
const LOGIN_FAILED = { error: { code: 'login_failed', message: 'Login failed. Please check your credentials.' } };

/** Every line the application logs, at every level. */
class RecordingLogger implements LoggerService {
  readonly lines: string[] = [];
  private record = (...parts: unknown[]) => void this.lines.push(parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' '));
  log = this.record;
  error = this.record;
  warn = this.record;
  debug = this.record;
  verbose = this.record;
  fatal = this.record;
}

describe('staff sign-in (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let now = T0;
  const logger = new RecordingLogger();

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now), logger });
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const me = (token: string) => api.http().get('/api/auth/me').set(bearer(token));

  describe('the first super admin from XSD_ADMIN_EMAIL / XSD_ADMIN_PASSWORD', () => {
    it('is created at start by the system, as an event carrying only the argon2id hash', async () => {
      const directory = await pipeline.log.readSubject(STAFF_DIRECTORY_SUBJECT);
      expect(directory).toHaveLength(1);
      const { event } = directory[0];
      expect(event).toMatchObject({
        type: 'staff.account-created',
        actor: { kind: 'system', id: 'admin-bootstrap' },
        data: { email: ROOT.email, role: 'super_admin', passwordHash: expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/) },
      });
      expect(JSON.stringify(event)).not.toContain(ROOT.password);
    });
  });

  describe('repeated failed sign-ins', () => {
    const login = (email: string, password: string) => api.http().post('/api/auth/login').send({ email, password });
    const TOO_MANY = {
      error: {
        code: 'too_many_login_attempts',
        message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      },
    };

    it('given five failures for one email from one client, then the sixth try is refused for 15 minutes, even with the right password', async () => {
      const email = 'typo-prone@silverboard.test';
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await login(email, `guess ${attempt}`)).status).toBe(401);
      }

      const sixth = await login(email, 'guess 6');
      expect(sixth.status).toBe(429);
      // When a retry will be heard: once the 15-minute window has passed.
      expect(sixth.headers['retry-after']).toBe('900');
      expect(sixth.body).toEqual(TOO_MANY);
      // Another email from the same client is not affected.
      expect((await login(ROOT.email, ROOT.password)).status).toBe(200);

      const before = now;
      now += 15 * 60_000 + 1;
      try {
        expect((await login(email, 'guess 7')).status).toBe(401);
      } finally {
        now = before; // the tests after this one expect the clock where it was
      }
    });

    it('given failures followed by a success, then the count starts again', async () => {
      for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login(ROOT.email, 'not it')).status).toBe(401);
      expect((await login(ROOT.email, ROOT.password)).status).toBe(200);

      for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login(ROOT.email, 'not it')).status).toBe(401);
      expect((await login(ROOT.email, ROOT.password)).status).toBe(200);
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers the token and the user, and sets an HttpOnly SameSite=Strict cookie (not Secure over http)', async () => {
      const response = await api.http().post('/api/auth/login').send({ email: 'ROOT@silverboard.test', password: ROOT.password }).expect(200);
      expect(response.body).toEqual({
        token: expect.stringMatching(/^xsd_[A-Za-z0-9_-]{43}$/),
        user: { id: expect.any(String), email: ROOT.email, role: 'super_admin' },
        expires_at: new Date(T0 + 7 * 24 * 3600_000).toISOString(),
      });
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toContain(`xsd_session=${response.body.token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Secure/);
    });

    it('marks the cookie Secure when the request came over https through a trusted proxy, and only then', async () => {
      const behindProxy = await createStaffTestApp(pipeline, {
        projector: false,
        clock: () => new Date(now),
        http: { trustedProxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] },
      });
      try {
        const response = await behindProxy.http().post('/api/auth/login').set('X-Forwarded-Proto', 'https').send(ROOT).expect(200);
        expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      } finally {
        await behindProxy.close();
      }
      // No proxy is trusted by default: the same header from a client changes nothing.
      const direct = await api.http().post('/api/auth/login').set('X-Forwarded-Proto', 'https').send(ROOT).expect(200);
      expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/);
    });

    it('records the sign-in as an event of the account and updates last_login', async () => {
      now = T0 + 60_000;
      const { token, user } = await api.login(ROOT.email, ROOT.password);
      const body = (await me(token).expect(200)).body as MeResponse;
      expect(body).toEqual({ user: { id: user.id, email: ROOT.email, role: 'super_admin', last_login: new Date(T0 + 60_000).toISOString() } });
      const events = await pipeline.log.readSubject(staffAccountSubject(user.id));
      const last = events.at(-1)!.event;
      expect(last).toMatchObject({ type: 'staff.signed-in', actor: { kind: 'staff', id: user.id }, data: { kind: 'cookie' } });
      expect(JSON.stringify(events)).not.toContain(token);
    });

    it('refuses a wrong password and an unknown email alike, with no hint which was wrong', async () => {
      const wrong = await api.http().post('/api/auth/login').send({ email: ROOT.email, password: 'not the password' });
      const unknown = await api.http().post('/api/auth/login').send({ email: 'nobody@silverboard.test', password: ROOT.password });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(LOGIN_FAILED);
      expect(unknown.body).toEqual(LOGIN_FAILED);
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('spends an argon2 verification on an unknown email too', async () => {
      const verify = vi.spyOn(api.app.get(PasswordHasher), 'verify');
      try {
        await api.http().post('/api/auth/login').send({ email: 'nobody@silverboard.test', password: 'whatever-it-is' }).expect(401);
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('asks for both fields', async () => {
      const response = await api.http().post('/api/auth/login').send({ email: ROOT.email }).expect(400);
      expect(response.body.error.message).toBe('Email and password are required');
    });

    it('never logs a password or a token, not even for a failed login', async () => {
      const secret = 'Sup3r-Secret-Attempt!';
      await api.http().post('/api/auth/login').send({ email: ROOT.email, password: secret }).expect(401);
      // A password typed into the email field must not reach the log either.
      await api.http().post('/api/auth/login').send({ email: secret, password: secret }).expect(401);
      const { token } = await api.login(ROOT.email, ROOT.password);
      const text = logger.lines.join('\n');
      expect(text).toMatch(/login refused/);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(ROOT.password);
      expect(text).not.toContain(token);
    });
  });

  describe('sessions', () => {
    it('work as a bearer token (CLI) and as the cookie (browser)', async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      await me(token).expect(200);
      await api.http().get('/api/auth/me').set('Cookie', `other=1; xsd_session=${token}`).expect(200);
    });

    it('are refused without a token, with a made-up one, and after they expire', async () => {
      const none = await api.http().get('/api/auth/me').expect(401);
      expect(none.body.error).toEqual({ code: 'unauthorized', message: 'Please sign in first.' });
      const bad = await me('xsd_made-up').expect(401);
      expect(bad.body.error.message).toBe('Your session has ended. Please sign in again.');

      const { token } = await api.login(ROOT.email, ROOT.password);
      const signedInAt = now;
      now = signedInAt + 7 * 24 * 3600_000 - 1;
      await me(token).expect(200);
      now = signedInAt + 7 * 24 * 3600_000;
      await me(token).expect(401);
      now = signedInAt;
    });

    it('end server-side on logout: the token stops working at once, and the cookie is cleared', async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      const out = await api.http().post('/api/auth/logout').set(bearer(token)).expect(200);
      expect(out.body).toEqual({ signed_out: true });
      expect(String(out.headers['set-cookie'])).toMatch(/xsd_session=;.*Expires=Thu, 01 Jan 1970/);
      await me(token).expect(401);
      expect((await api.http().post('/api/auth/logout').set(bearer(token)).expect(200)).body).toEqual({ signed_out: false });
      expect((await api.http().post('/api/auth/logout').expect(200)).body).toEqual({ signed_out: false });
    });

    it('survive a rebuild of the staff read models, and so do passwords', async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      await api.app.get(Projector).rebuild('staff');
      await me(token).expect(200);
      await api.login(ROOT.email, ROOT.password);
    });
  });

  describe('POST /api/auth/password', () => {
    const change = (token: string, body: object) => api.http().post('/api/auth/password').set(bearer(token)).send(body);

    it("applies the spec's rules and messages", async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      const short = await change(token, { currentPassword: ROOT.password, newPassword: 'short', confirmPassword: 'short' }).expect(400);
      expect(short.body.error.message).toBe('Password must be at least 8 characters long');
      const mismatch = await change(token, { currentPassword: ROOT.password, newPassword: 'long enough 1', confirmPassword: 'long enough 2' }).expect(400);
      expect(mismatch.body.error.message).toBe('New passwords do not match');
      const missing = await change(token, { newPassword: 'long enough 1', confirmPassword: 'long enough 1' }).expect(400);
      expect(missing.body.error.message).toBe('Current password, new password and confirmation are all required');
    });

    it('verifies the current password', async () => {
      const { token } = await api.login(ROOT.email, ROOT.password);
      const response = await change(token, { currentPassword: 'not it at all', newPassword: 'a new password', confirmPassword: 'a new password' }).expect(400);
      expect(response.body.error).toEqual({ code: 'wrong_password', message: 'Current password is incorrect' });
    });

    it('changes it, keeps this session, ends the others; the old password stops working', async () => {
      const other = await api.login(ROOT.email, ROOT.password);
      const mine = await api.login(ROOT.email, ROOT.password);
      const next = 'a brand new passphrase';
      const response = await change(mine.token, { currentPassword: ROOT.password, newPassword: next, confirmPassword: next }).expect(200);
      expect(response.body).toEqual({ message: 'Password updated successfully!' });

      await me(mine.token).expect(200);
      await me(other.token).expect(401);
      await api.http().post('/api/auth/login').send(ROOT).expect(401);
      await api.login(ROOT.email, next);

      const events = await pipeline.log.readSubject(staffAccountSubject(mine.user.id));
      const changed = events.at(-2)!.event;
      expect(changed).toMatchObject({ type: 'staff.password-changed', data: { keptSessionId: expect.any(String) } });
      expect(JSON.stringify(changed)).not.toContain(next);
    });
  });
});
