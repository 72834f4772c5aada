import { describe, expect, it } from 'vitest';
import { MemoryAttemptStore } from '../rate-limit/memory-attempt-store.js';
import { type PasswordCheck, SignInBudget, type SignInLimits } from './sign-in-budget.js';

const T0 = Date.UTC(2026, 10, 21, 10, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const LIMITS: SignInLimits = {
  perClientAndSubject: 3,
  perClient: 5,
  failureWindowMs: 10 * 60_000,
  site: 4,
  siteWindowMs: 1_000,
  siteReserve: 0,
  perDevice: 2,
};

const TOO_MANY_LOGINS = {
  status: 429,
  response: { error: { code: 'too_many_login_attempts', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' } },
};
const TOO_MANY_PASSWORDS = {
  status: 429,
  response: { error: { code: 'too_many_password_attempts', message: 'Too many wrong current passwords. Please wait 15 minutes and try again.' } },
};
const BUSY = {
  status: 429,
  response: { error: { code: 'sign_in_busy', message: 'Too many sign-in attempts on the site right now. Please try again in a few seconds.' } },
};

const signIn = (client: string, email: string, device: string | null = null): PasswordCheck => ({ kind: 'sign-in', client, email, device });

/** A budget whose site window never fills unless the test moves `site` itself. */
function budget(limits: SignInLimits = LIMITS) {
  let siteMs = T0;
  const subject = new SignInBudget(new MemoryAttemptStore(), limits, () => new Date(siteMs));
  return {
    budget: subject,
    /** Spreads each admission a site window apart, so only the failure limits are in play. */
    async admit(check: PasswordCheck, now: Date) {
      siteMs += limits.siteWindowMs;
      await subject.admit(check, now);
    },
    setSite: (ms: number) => (siteMs = ms),
  };
}

describe('SignInBudget', () => {
  describe('per client and email', () => {
    it('given fewer failures than the limit, then the pair may try again', async () => {
      const { budget: b, admit } = budget();
      await b.failed(signIn('ip', 'a@x.test'), at(0));
      await b.failed(signIn('ip', 'a@x.test'), at(1));
      await expect(admit(signIn('ip', 'a@x.test'), at(2))).resolves.toBeUndefined();
    });

    it('given the limit reached, then it refuses until the oldest failure leaves the window; other emails may go on', async () => {
      const { budget: b, admit } = budget();
      for (const minute of [0, 1, 2]) await b.failed(signIn('ip', 'a@x.test'), at(minute));
      await expect(admit(signIn('ip', 'a@x.test'), at(3))).rejects.toMatchObject(TOO_MANY_LOGINS);
      await expect(admit(signIn('ip', ' A@X.test '), at(3))).rejects.toMatchObject(TOO_MANY_LOGINS);
      await expect(admit(signIn('ip', 'b@x.test'), at(3))).resolves.toBeUndefined();
      await expect(admit(signIn('other-ip', 'a@x.test'), at(3))).resolves.toBeUndefined();
      await expect(admit(signIn('ip', 'a@x.test'), at(10))).resolves.toBeUndefined();
    });

    it('given a success, then earlier failures of the pair are forgotten', async () => {
      const { budget: b, admit } = budget();
      for (const minute of [0, 1, 2]) await b.failed(signIn('ip', 'a@x.test'), at(minute));
      await b.succeeded(signIn('ip', 'a@x.test'));
      await expect(admit(signIn('ip', 'a@x.test'), at(3))).resolves.toBeUndefined();
    });
  });

  describe('per client, whatever the emails', () => {
    it('given the limit of failures over many emails, then every email from that client is refused, and other clients are not', async () => {
      const { budget: b, admit } = budget();
      for (let n = 0; n < 5; n += 1) await b.failed(signIn('ip', `guess-${n}@x.test`), at(0));
      await expect(admit(signIn('ip', 'fresh@x.test'), at(1))).rejects.toMatchObject(TOO_MANY_LOGINS);
      await expect(admit(signIn('other-ip', 'fresh@x.test'), at(1))).resolves.toBeUndefined();
      await expect(admit(signIn('ip', 'fresh@x.test'), at(10))).resolves.toBeUndefined();
    });

    it('is not reset by one success: a guesser with an account of their own keeps their count', async () => {
      const { budget: b, admit } = budget();
      for (let n = 0; n < 5; n += 1) await b.failed(signIn('ip', `guess-${n}@x.test`), at(0));
      await b.succeeded(signIn('ip', 'own@x.test'));
      await expect(admit(signIn('ip', 'guess-5@x.test'), at(1))).rejects.toMatchObject(TOO_MANY_LOGINS);
    });
  });

  describe('wrong current passwords', () => {
    const change = (client: string | null, accountId = 'acc-1'): PasswordCheck => ({ kind: 'password-change', client, accountId });

    it('given the limit for one account, then it refuses with its own message; a success before it clears the count', async () => {
      const { budget: b, admit } = budget();
      await b.failed(change('ip'), at(0));
      await b.succeeded(change('ip'));
      for (const minute of [2, 3, 4]) await b.failed(change('ip'), at(minute));
      await expect(admit(change('ip'), at(5))).rejects.toMatchObject(TOO_MANY_PASSWORDS);
      await expect(admit(change('ip', 'acc-2'), at(5))).resolves.toBeUndefined();
    });

    it('counts towards the client, like sign-in failures do', async () => {
      const { budget: b, admit } = budget();
      for (const minute of [0, 1]) await b.failed(change('ip'), at(minute));
      for (const n of [0, 1, 2]) await b.failed(signIn('ip', `guess-${n}@x.test`), at(2));
      await expect(admit(signIn('ip', 'fresh@x.test'), at(3))).rejects.toMatchObject(TOO_MANY_LOGINS);
    });

    it('given no client address, then the account alone is limited', async () => {
      const { budget: b, admit } = budget();
      for (const minute of [0, 1, 2]) await b.failed(change(null), at(minute));
      await expect(admit(change(null), at(3))).rejects.toMatchObject(TOO_MANY_PASSWORDS);
    });
  });

  describe('site-wide', () => {
    it('takes a limited number of checks per window from every client together, then has room again when the window moves on', async () => {
      const { budget: b, setSite } = budget();
      setSite(T0);
      for (let n = 0; n < 4; n += 1) await b.admit(signIn(`ip-${n}`, `e${n}@x.test`), at(0));
      await expect(b.admit(signIn('ip-9', 'e9@x.test'), at(0))).rejects.toMatchObject(BUSY);
      setSite(T0 + 999);
      await expect(b.admit(signIn('ip-9', 'e9@x.test'), at(0))).rejects.toMatchObject(BUSY);
      setSite(T0 + 1_000);
      await expect(b.admit(signIn('ip-9', 'e9@x.test'), at(0))).resolves.toMatchObject({ lane: 'shared' });
    });

    it('is not spent by checks the failure limits refuse', async () => {
      const { budget: b, setSite } = budget();
      setSite(T0);
      for (let n = 0; n < 5; n += 1) await b.failed(signIn('ip', `guess-${n}@x.test`), at(0));
      for (let n = 0; n < 10; n += 1) await expect(b.admit(signIn('ip', `more-${n}@x.test`), at(0))).rejects.toMatchObject(TOO_MANY_LOGINS);
      for (let n = 0; n < 4; n += 1) await b.admit(signIn(`ip-${n}`, 'staff@x.test'), at(0));
    });
  });

  describe('the reserve for first checks', () => {
    it('given the shared part full, then only clients that had no check in the failure window get in, one check each', async () => {
      const { budget: b, setSite } = budget({ ...LIMITS, site: 2, siteReserve: 2 });
      setSite(T0);
      // Two flooders take the shared part, then come back for the reserve and are refused.
      for (const client of ['flood-1', 'flood-2']) await b.admit(signIn(client, 'x@x.test'), at(0));
      for (const client of ['flood-1', 'flood-2']) await expect(b.admit(signIn(client, 'y@x.test'), at(0))).rejects.toMatchObject(BUSY);
      // A newcomer takes a reserved place (and the hashing lane that goes with it), then is a client like the others.
      await expect(b.admit(signIn('newcomer', 'staff@x.test'), at(0))).resolves.toMatchObject({ lane: 'first' });
      await expect(b.admit(signIn('newcomer', 'staff@x.test'), at(0))).rejects.toMatchObject(BUSY);
      await b.admit(signIn('newcomer-2', 'staff@x.test'), at(0));
      await expect(b.admit(signIn('newcomer-3', 'staff@x.test'), at(0))).rejects.toMatchObject(BUSY);
      // Past the failure window a client's next check is a first one again.
      setSite(T0 + 1_000);
      await b.admit(signIn('a', 'x@x.test'), at(11));
      await b.admit(signIn('b', 'x@x.test'), at(11));
      await b.admit(signIn('flood-1', 'x@x.test'), at(11));
    });
    it('given a first check its hashing gate refused, then the client keeps its first check for later', async () => {
      const { budget: b, setSite } = budget({ ...LIMITS, site: 1, siteReserve: 2 });
      setSite(T0);
      await b.admit(signIn('flood-1', 'x@x.test'), at(0));
      // The newcomer's first check gets a reserved place, but the gate refuses it: it did not run.
      const refused = await b.admit(signIn('newcomer', 'staff@x.test'), at(0));
      expect(refused).toEqual({ lane: 'first', first: true, reserveAt: new Date(T0) });
      await b.notRun(signIn('newcomer', 'staff@x.test'), refused);
      await expect(b.admit(signIn('newcomer', 'staff@x.test'), at(0))).resolves.toEqual({ lane: 'first', first: true, reserveAt: new Date(T0) });
      // A check that ran was its first: the reserve is gone for it, and a later refusal gives none back.
      await expect(b.admit(signIn('newcomer', 'staff@x.test'), at(0))).rejects.toMatchObject(BUSY);
      setSite(T0 + 1_000);
      const later = await b.admit(signIn('newcomer', 'staff@x.test'), at(0));
      expect(later).toEqual({ lane: 'shared', first: false, reserveAt: null });
      await b.notRun(signIn('newcomer', 'staff@x.test'), later);
      await expect(b.admit(signIn('newcomer', 'staff@x.test'), at(0))).rejects.toMatchObject(BUSY);
    });

    it('given fresh clients its hashing gate refuses again and again, then they never hold the reserve', async () => {
      const { budget: b, setSite } = budget({ ...LIMITS, site: 1, siteReserve: 2 });
      setSite(T0);
      await b.admit(signIn('flood-0', 'x@x.test'), at(0));
      // Five fresh flooders, three tries each, every one refused at the gate after the budget let it through.
      for (let round = 0; round < 3; round += 1) {
        for (let n = 1; n <= 5; n += 1) {
          const check = signIn(`flood-${n}`, 'x@x.test');
          const admission = await b.admit(check, at(0));
          expect(admission).toMatchObject({ lane: 'first', first: true });
          await b.notRun(check, admission);
        }
      }
      // The reserve counts checks that ran: both places are still there for newcomers.
      await expect(b.admit(signIn('newcomer', 'staff@x.test'), at(0))).resolves.toMatchObject({ lane: 'first' });
      await expect(b.admit(signIn('newcomer-2', 'staff@x.test'), at(0))).resolves.toMatchObject({ lane: 'first' });
      await expect(b.admit(signIn('newcomer-3', 'staff@x.test'), at(0))).rejects.toMatchObject(BUSY);
    });
  });

  describe('a trusted device', () => {
    it('is never refused by the site limit, nor by its client\'s failures', async () => {
      const { budget: b, setSite } = budget();
      setSite(T0);
      for (let n = 0; n < 4; n += 1) await b.admit(signIn(`ip-${n}`, `e${n}@x.test`), at(0));
      for (let n = 0; n < 5; n += 1) await b.failed(signIn('ip', `guess-${n}@x.test`), at(0));
      await expect(b.admit(signIn('ip', 'staff@x.test'), at(0))).rejects.toMatchObject(TOO_MANY_LOGINS);
      for (let n = 0; n < 10; n += 1) await expect(b.admit(signIn('ip', 'staff@x.test', 'device-1'), at(0))).resolves.toMatchObject({ lane: 'device' });
    });

    it('given its own failures, then that device is refused until they leave the window or a success clears them; others are not', async () => {
      const { budget: b } = budget();
      for (const minute of [0, 1]) await b.failed(signIn('ip', 'staff@x.test', 'device-1'), at(minute));
      await expect(b.admit(signIn('ip', 'staff@x.test', 'device-1'), at(2))).rejects.toMatchObject(TOO_MANY_LOGINS);
      await b.admit(signIn('ip', 'staff@x.test', 'device-2'), at(2));
      // The device's failures are its own: the client and the pair have none.
      await b.admit(signIn('ip', 'staff@x.test'), at(2));
      await b.admit(signIn('ip', 'staff@x.test', 'device-1'), at(10));
      await b.failed(signIn('ip', 'staff@x.test', 'device-2'), at(2));
      await b.succeeded(signIn('ip', 'staff@x.test', 'device-2'));
      await b.failed(signIn('ip', 'staff@x.test', 'device-2'), at(3));
      await b.admit(signIn('ip', 'staff@x.test', 'device-2'), at(3));
    });
  });

  it('closes its store with the application', async () => {
    const store = new MemoryAttemptStore();
    let closed = false;
    store.close = async () => void (closed = true);
    await new SignInBudget(store).onApplicationShutdown();
    expect(closed).toBe(true);
  });
});
