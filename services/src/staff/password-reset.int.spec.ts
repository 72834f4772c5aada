import { staffAccountSubject } from '@xsd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';
import { MemoryAttemptStore } from '../rate-limit/memory-attempt-store.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { resetLinkIn, type SmtpReceiver, startSmtpReceiver } from '../testing/smtp-receiver.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { PASSWORD_RESET_LIMITS, PasswordResetBudget } from './password-reset-budget.js';
import { PasswordResetService } from './password-reset.service.js';

const ROOT_NO_MAIL = { email: 'root@nomail.test', password: 'root password 2' };
const ROOT_TIMING = { email: 'root@timing.test', password: 'root password 3' };
const PUBLIC_URL = 'https://board.silverboard.test';
const FROM = 'Silverboard <noreply@silverboard.test>';
const REQUESTED = {
  message: 'If that email belongs to a staff account, a password reset link is on its way. It works once, within 30 minutes.',
};
const MINUTE = 60_000;

/** The token of a reset link. */
const tokenOf = (link: string) => new URL(link).searchParams.get('reset')!;

describe.each<PipelineKind>(['embedded', 'jetstream'])('staff password recovery by email (%s pipeline, loopback SMTP)', (kind) => {
  /** The password changes as the tests reset it. */
  const root = { ...ROOT };
  let pipeline: Pipeline;
  let smtp: SmtpReceiver;
  let api: StaffTestApp;
  let resets: PasswordResetService;
  let offset = 0;
  let clientNumber = 0;
  /** Each test's requests from an address of its own, so that the limits of one do not reach the next. */
  let client = '';

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    smtp = await startSmtpReceiver();
    api = await createStaffTestApp(pipeline, {
      admin: root,
      clock: () => new Date(Date.now() + offset),
      config: { publicUrl: PUBLIC_URL, mail: { smtpUrl: smtp.url, from: FROM } },
      http: { trustedProxies: ['loopback'] },
      // The tests ask for many links for one account; the per-email limit has its own test (password-reset-budget.unit.spec.ts).
      overrides: [{ provide: PasswordResetBudget, useValue: new PasswordResetBudget(new MemoryAttemptStore(), { ...PASSWORD_RESET_LIMITS, perEmail: 100 }) }],
    });
    resets = api.app.get(PasswordResetService);
  });

  afterAll(async () => {
    await api?.close();
    await smtp?.close();
    await pipeline?.cleanup();
  });

  const nextClient = () => {
    clientNumber += 1;
    client = `10.9.0.${clientNumber}`;
  };
  const ask = (email: string) => api.http().post('/api/auth/password-reset').set('x-forwarded-for', client).send({ email });
  const confirm = (token: string, password: string) =>
    api.http().post('/api/auth/password-reset/confirm').set('x-forwarded-for', client).send({ token, password });
  const me = (token: string) => api.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`);

  /** Asks for a link for `email` and answers it, as the mail brought it. */
  async function linkFor(email: string): Promise<string> {
    const before = smtp.mails.length;
    await ask(email).expect(202);
    return resetLinkIn(await smtp.mailTo(email, { after: before }));
  }

  it('tells the login page that Forgot Password is offered', async () => {
    const response = await api.http().get('/api/auth/password-reset').expect(200);
    expect(response.body).toEqual({ by_email: true });
  });

  it('answers a known and an unknown email alike, and mails the known one a link to the public origin', async () => {
    nextClient();
    const before = smtp.mails.length;
    const known = await ask(root.email);
    const unknown = await ask('nobody@silverboard.test');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(REQUESTED);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    const mail = await smtp.mailTo(root.email, { after: before });
    await resets.settled();
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([[root.email]]);
    expect(mail.from).toBe('noreply@silverboard.test');
    expect(mail.raw).toContain('Subject: Reset your staff password');
    expect(resetLinkIn(mail)).toMatch(/^https:\/\/board\.silverboard\.test\/admin\?reset=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });

  it('sets the new password once, ends every session, records it and keeps only the hash of the token', async () => {
    nextClient();
    const first = await api.login(root.email, root.password);
    const second = await api.login(root.email, root.password);
    const link = await linkFor(root.email);
    const token = tokenOf(link);

    const done = await confirm(token, 'reset passphrase 22').expect(200);
    expect(done.body).toEqual({ message: 'Your password has been reset. Please sign in with your new password.' });
    await me(first.token).expect(401);
    await me(second.token).expect(401);
    await api.http().post('/api/auth/login').send(root).expect(401);
    await api.login(root.email, 'reset passphrase 22');

    const again = await confirm(token, 'another passphrase 3').expect(400);
    expect(again.body).toEqual({
      error: { code: 'reset_link_used', message: 'This password reset link has already been used. Please request a new one.' },
    });
    await api.login(root.email, 'reset passphrase 22');

    const events = (await pipeline.log.readSubject(staffAccountSubject(first.user.id))).map((stored) => stored.event);
    const requested = events.filter((event) => event.type === 'staff.password-reset-requested').at(-1)!;
    const reset = events.find((event) => event.type === 'staff.password-reset')!;
    expect(requested).toMatchObject({ actor: { kind: 'system', id: 'password-reset' }, data: { accountId: first.user.id, by: 'self' } });
    expect(reset).toMatchObject({ actor: { kind: 'staff', id: first.user.id }, data: { accountId: first.user.id, tokenHash: requested.data.tokenHash } });
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(token.split('.')[1]);
    expect(stored).not.toContain('reset passphrase 22');

    const activity = await api.http().get('/api/admin/activity').set('Authorization', `Bearer ${(await api.login(root.email, 'reset passphrase 22')).token}`).expect(200);
    expect(JSON.stringify(activity.body)).toContain('staff.password-reset');
    root.password = 'reset passphrase 22';
  });

  it('refuses a link 30 minutes after it was sent, and takes it a moment before', async () => {
    nextClient();
    const early = tokenOf(await linkFor(root.email));
    const late = tokenOf(await linkFor(root.email));
    try {
      offset = 30 * MINUTE - 2_000;
      await confirm(early, 'just in time 1').expect(200);
      root.password = 'just in time 1';
      offset = 30 * MINUTE + 1_000;
      // Used up by the reset before it, whatever its age.
      expect((await confirm(late, 'too late 1234').expect(400)).body.error.code).toBe('reset_link_used');
      offset = 0;
      const expiring = tokenOf(await linkFor(root.email));
      offset = 30 * MINUTE;
      const expired = await confirm(expiring, 'too late 1234').expect(400);
      expect(expired.body).toEqual({ error: { code: 'reset_link_expired', message: 'This password reset link has expired. Please request a new one.' } });
    } finally {
      offset = 0;
    }
    await api.login(root.email, root.password);
  });

  it('applies the password rules and changes nothing when they fail', async () => {
    nextClient();
    const token = tokenOf(await linkFor(root.email));
    const short = await confirm(token, 'short').expect(400);
    expect(short.body).toEqual({ error: { code: 'invalid_request', message: 'Password must be at least 8 characters long' } });
    await api.login(root.email, root.password);
    await confirm(token, 'long enough now').expect(200);
    root.password = 'long enough now';
  });

  it('refuses links that were never sent, and stops a client after ten of them', async () => {
    nextClient();
    const invalid = { error: { code: 'reset_link_invalid', message: 'This password reset link is not valid. Please request a new one.' } };
    const forged = `${crypto.randomUUID()}.${'A'.repeat(43)}`;
    expect((await confirm('garbage', 'long enough 1').expect(400)).body).toEqual(invalid);
    for (let n = 1; n < PASSWORD_RESET_LIMITS.failedLinksPerClient; n += 1) expect((await confirm(forged, 'long enough 1').expect(400)).body).toEqual(invalid);
    const limited = await confirm(forged, 'long enough 1').expect(429);
    expect(limited.body.error.code).toBe('too_many_reset_attempts');
    expect(limited.headers['retry-after']).toBe('900');
  });

  it('limits requests per client and email alike for known and unknown emails', async () => {
    nextClient();
    const statuses = async (email: string) => {
      const seen: number[] = [];
      for (let n = 0; n <= PASSWORD_RESET_LIMITS.perClientAndEmail; n += 1) seen.push((await ask(email)).status);
      return seen;
    };
    expect(await statuses(root.email)).toEqual([202, 202, 202, 429]);
    expect(await statuses('nobody-else@silverboard.test')).toEqual([202, 202, 202, 429]);
    const refused = await ask(root.email);
    expect(refused.body).toEqual({ error: { code: 'too_many_reset_requests', message: 'Too many password reset requests. Please wait 15 minutes and try again.' } });
    await resets.settled();
  });

  it('lets a super admin send a link by mail, and refuses admins', async () => {
    const rootSession = await api.login(root.email, root.password);
    const created = await api.http().post('/api/admin/users').set('Authorization', `Bearer ${rootSession.token}`).send({ email: 'ann@silverboard.test', role: 'admin' }).expect(201);
    const before = smtp.mails.length;
    const sent = await api.http().post('/api/admin/users/password-reset').set('Authorization', `Bearer ${rootSession.token}`).send({ email: 'Ann@silverboard.test' }).expect(200);
    expect(sent.body).toEqual({ sent_to: 'ann@silverboard.test', link: null, expires_at: expect.any(String) });
    const link = resetLinkIn(await smtp.mailTo('ann@silverboard.test', { after: before }));
    nextClient();
    await confirm(tokenOf(link), 'ann new passphrase').expect(200);
    await api.login('ann@silverboard.test', 'ann new passphrase');

    const ann = await api.login('ann@silverboard.test', 'ann new passphrase');
    await api.http().post('/api/admin/users/password-reset').set('Authorization', `Bearer ${ann.token}`).send({ email: root.email }).expect(403);
    await api.http().post('/api/admin/users/password-reset').send({ email: root.email }).expect(401);
    const missing = await api.http().post('/api/admin/users/password-reset').set('Authorization', `Bearer ${rootSession.token}`).send({ email: 'ghost@silverboard.test' }).expect(404);
    expect(missing.body.error.code).toBe('account_not_found');
    expect(created.body.user.email).toBe('ann@silverboard.test');
  });
});

describe('staff password recovery without mail (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let api: StaffTestApp;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    api = await createStaffTestApp(pipeline, { admin: ROOT_NO_MAIL });
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('offers no Forgot Password and refuses the request in the error shape', async () => {
    expect((await api.http().get('/api/auth/password-reset').expect(200)).body).toEqual({ by_email: false });
    const refused = await api.http().post('/api/auth/password-reset').send({ email: ROOT_NO_MAIL.email }).expect(404);
    expect(refused.body).toEqual({
      error: { code: 'password_reset_unavailable', message: 'Password reset by email is not set up on this site. Please ask a super admin for a reset link.' },
    });
  });

  it('answers a super admin the one-time link, which works once', async () => {
    const rootSession = await api.login(ROOT_NO_MAIL.email, ROOT_NO_MAIL.password);
    const issued = await api.http().post('/api/admin/users/password-reset').set('Authorization', `Bearer ${rootSession.token}`).send({ email: ROOT_NO_MAIL.email }).expect(200);
    expect(issued.body).toMatchObject({ sent_to: null, link: expect.stringMatching(/^http:\/\/localhost:8080\/admin\?reset=/) });
    const token = tokenOf(issued.body.link);
    await api.http().post('/api/auth/password-reset/confirm').send({ token, password: 'handed over 123' }).expect(200);
    await api.http().get('/api/auth/me').set('Authorization', `Bearer ${rootSession.token}`).expect(401);
    await api.http().post('/api/auth/password-reset/confirm').send({ token, password: 'handed over 456' }).expect(400);
    await api.login(ROOT_NO_MAIL.email, 'handed over 123');
  });
});

/** Each pair is four requests, three with a mail and its projections waited for: 150 pairs take over a minute. */
const PAIRS = 150;
/** Five standard deviations of the share of a coin toss over PAIRS (0.204 for 150). */
const FIVE_SIGMA = 5 * Math.sqrt(0.25 / PAIRS);

/**
 * No account enumeration by time, the sign-in timing test's method (sign-in-timing.int.spec.ts):
 * PAIRS interleaved pairs of requests (known email, unknown email), the order inside each pair
 * alternating; if both answers do the same work, which one is slower is a coin toss, so the share
 * of "known slower" must stay within five standard deviations of one half (30–70 % for 150 pairs). The budget in
 * front is part of what is measured, with a window short enough that it admits every request; the
 * mail and projection work after each answer is waited for outside the measured time.
 */
describe('password reset timing (embedded pipeline)', () => {
  let pipeline: Pipeline;
  let smtp: SmtpReceiver;
  let api: StaffTestApp;
  let resets: PasswordResetService;
  let progress: ProjectionProgress;

  beforeAll(async () => {
    pipeline = await openPipeline('embedded');
    smtp = await startSmtpReceiver();
    // A window of 1 ms: every request is admitted, and each count stays as short as the real limits
    // keep it (a few times), instead of growing with the test, longer for the email asked for more.
    const unlimited = { ...PASSWORD_RESET_LIMITS, windowMs: 1 };
    api = await createStaffTestApp(pipeline, {
      admin: ROOT_TIMING,
      config: { mail: { smtpUrl: smtp.url, from: FROM } },
      overrides: [{ provide: PasswordResetBudget, useValue: new PasswordResetBudget(new MemoryAttemptStore(), unlimited) }],
    });
    resets = api.app.get(PasswordResetService);
    // The app's projector tells its own ProjectionProgress of each step (the pipeline's would read the rows).
    progress = api.app.get(ProjectionProgress);
  });

  afterAll(async () => {
    await api?.close();
    await smtp?.close();
    await pipeline?.cleanup();
  });

  /**
   * One unknown email, asked for as often as the known one: the budget's counts for each then grow
   * alike (a fresh email's empty counts would be quicker to read than the known one's full ones),
   * and as long as the known one, so that neither side's keys take longer to build and hash.
   */
  const UNKNOWN = 'nemo@timing.test';

  async function timedRequest(email: string): Promise<number> {
    // The same history before every measured request: an unmeasured one for the known email and
    // its mail. What the mail work leaves behind (sockets closing, garbage) then weighs on both
    // sides alike; otherwise it lingers longer before an unknown email's turn in every other pair.
    await quietRequest(ROOT_TIMING.email);
    const started = performance.now();
    const answer = await resets.request(email, '10.8.0.1', null);
    const elapsed = performance.now() - started;
    expect(answer).toEqual(REQUESTED);
    await quiet();
    return elapsed;
  }

  async function quietRequest(email: string): Promise<void> {
    await resets.request(email, '10.8.0.2', null);
    await quiet();
  }

  /** The mail sent, and every projection past the link's event. */
  async function quiet(): Promise<void> {
    await resets.settled();
    const last = await pipeline.log.lastSequence();
    await Promise.all(ALL_PROJECTIONS.map(({ name }) => progress.waitFor(name, last, 30_000)));
  }

  it('given a known and an unknown email, then neither answer is reliably slower', { timeout: 240_000 }, async () => {
    for (let n = 0; n < 5; n += 1) {
      await timedRequest(ROOT_TIMING.email);
      await timedRequest(UNKNOWN);
    }
    const mailsBefore = smtp.mails.length;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let n = 0; n < PAIRS; n += 1) {
      const knownFirst = n % 2 === 0;
      if (knownFirst) known.push(await timedRequest(ROOT_TIMING.email));
      unknown.push(await timedRequest(UNKNOWN));
      if (!knownFirst) known.push(await timedRequest(ROOT_TIMING.email));
    }
    const knownSlower = known.filter((ms, n) => ms > unknown[n]).length / PAIRS;
    const report = `known median ${median(known).toFixed(3)} ms, unknown median ${median(unknown).toFixed(3)} ms, known slower in ${(knownSlower * 100).toFixed(1)} % of pairs`;
    console.info(`password reset timing: ${report}`);
    // The known email's mails did go out after their answers (and those of the requests before each measured one).
    expect(smtp.mails.length - mailsBefore).toBe(3 * PAIRS);
    expect(knownSlower, report).toBeGreaterThan(0.5 - FIVE_SIGMA);
    expect(knownSlower, report).toBeLessThan(0.5 + FIVE_SIGMA);
  });
});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
