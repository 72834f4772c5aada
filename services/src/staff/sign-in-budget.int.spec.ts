import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JetStreamAttemptStore } from '../rate-limit/jetstream-attempt-store.js';
import { TEST_NATS_URL } from '../testing/test-stream.js';
import { type PasswordCheck, SIGN_IN_LIMITS, SignInBudget } from './sign-in-budget.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1_000);
const signIn = (client: string, email: string): PasswordCheck => ({ kind: 'sign-in', client, email });

describe('two API replicas sharing one JetStream bucket', () => {
  const bucket = `xsd_test_budget_${randomBytes(5).toString('hex')}`;
  let siteMs = T0;
  const siteClock = () => new Date(siteMs);
  let replicaA: SignInBudget;
  let replicaB: SignInBudget;

  const open = async () =>
    new SignInBudget(
      await JetStreamAttemptStore.connect({ servers: TEST_NATS_URL, bucket, ttlMs: SIGN_IN_LIMITS.failureWindowMs }),
      SIGN_IN_LIMITS,
      siteClock,
    );

  beforeAll(async () => {
    replicaA = await open();
    replicaB = await open();
  });

  afterAll(async () => {
    await replicaA?.onApplicationShutdown();
    await replicaB?.onApplicationShutdown();
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      await (await nc.jetstreamManager()).streams.delete(`KV_${bucket}`).catch(() => false);
    } finally {
      await nc.close();
    }
  });

  it('given failures for one email spread over both, then both refuse at the fifth', async () => {
    const check = signIn('10.0.0.1', 'root@silverboard.test');
    for (const [n, replica] of [replicaA, replicaB, replicaA, replicaB, replicaA].entries()) {
      siteMs += 1_000;
      await replica.admit(check, at(n));
      await replica.failed(check, at(n));
    }
    siteMs += 1_000;
    await expect(replicaA.admit(check, at(10))).rejects.toMatchObject({ status: 429, response: { error: { code: 'too_many_login_attempts' } } });
    await expect(replicaB.admit(check, at(10))).rejects.toMatchObject({ status: 429, response: { error: { code: 'too_many_login_attempts' } } });
    // A success on either clears the pair for both.
    await replicaB.succeeded(check);
    await expect(replicaA.admit(check, at(11))).resolves.toMatchObject({ lane: 'shared' });
  });

  it('given a client trying many emails through both, then both refuse it after twenty failures together', async () => {
    const client = '10.0.0.2';
    await Promise.all(
      Array.from({ length: SIGN_IN_LIMITS.perClient }, (_, n) => (n % 2 ? replicaA : replicaB).failed(signIn(client, `guess-${n}@x.test`), at(20))),
    );
    siteMs += 1_000;
    await expect(replicaB.admit(signIn(client, 'fresh@x.test'), at(21))).rejects.toMatchObject({ status: 429 });
    await expect(replicaA.admit(signIn(client, 'fresh@x.test'), at(21))).rejects.toMatchObject({ status: 429 });
    await expect(replicaA.admit(signIn('10.0.0.3', 'fresh@x.test'), at(21))).resolves.toMatchObject({ lane: 'shared' });
  });

  it('given a burst from many clients at once through both, then the site takes exactly its budget per window', async () => {
    siteMs += 10_000;
    // Each client's first check: the site's places and the reserve for first checks.
    const budget = SIGN_IN_LIMITS.site + SIGN_IN_LIMITS.siteReserve;
    const burst = await Promise.allSettled(
      Array.from({ length: 3 * SIGN_IN_LIMITS.site }, (_, n) => (n % 2 ? replicaA : replicaB).admit(signIn(`10.1.0.${n}`, `e${n}@x.test`), at(30))),
    );
    expect(burst.filter(({ status }) => status === 'fulfilled')).toHaveLength(budget);
    const refused = burst.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused.map(({ reason }) => (reason as { response: { error: { code: string } } }).response.error.code)).toEqual(
      Array(3 * SIGN_IN_LIMITS.site - budget).fill('sign_in_busy'),
    );
    siteMs += SIGN_IN_LIMITS.siteWindowMs;
    await expect(replicaB.admit(signIn('10.1.1.1', 'staff@x.test'), at(31))).resolves.toMatchObject({ lane: 'shared' });
  });
});
