import { describe, expect, it } from 'vitest';
import { HASHING_CONCURRENCY, HASHING_QUEUE, PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  it('verifies a password against its argon2id hash', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(stored, 'wrong')).toBe(false);
  });

  it('answers false, never an error, for no hash at all or one it cannot read', async () => {
    const hasher = new PasswordHasher();
    expect(await hasher.verify(null, 'anything')).toBe(false);
    expect(await hasher.verify('not a PHC string', 'anything')).toBe(false);
  });

  it('hashes at most HASHING_CONCURRENCY at once with a short queue, and refuses the rest at once with 429 sign_in_busy', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('correct horse battery');
    const burst = HASHING_CONCURRENCY + HASHING_QUEUE + 10;
    const results = await Promise.allSettled(Array.from({ length: burst }, () => hasher.verify(stored, 'wrong')));

    expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(HASHING_CONCURRENCY + HASHING_QUEUE);
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused).toHaveLength(10);
    expect(refused[0].reason).toMatchObject({
      status: 429,
      response: { error: { code: 'sign_in_busy', message: 'Too many sign-in attempts on the site right now. Please try again in a few seconds.' } },
    });
    // Once the burst has drained, checks go through again.
    expect(await hasher.verify(stored, 'correct horse battery')).toBe(true);
  });

  it('given the shared and first-check gates full, then a trusted device still verifies', async () => {
    const hasher = new PasswordHasher();
    const stored = await hasher.hash('correct horse battery');
    const flood = (lane: 'shared' | 'first', count: number) =>
      Array.from({ length: count }, () => hasher.verify(stored, 'wrong', lane));
    const floods = Promise.allSettled([...flood('shared', HASHING_CONCURRENCY + HASHING_QUEUE + 5), ...flood('first', 1 + HASHING_QUEUE + 5)]);
    // Both gates are full now: one more in either is refused at once.
    await expect(hasher.verify(stored, 'wrong', 'first')).rejects.toMatchObject({ status: 429 });
    await expect(hasher.verify(stored, 'correct horse battery', 'device')).resolves.toBe(true);
    const results = await floods;
    expect(results.filter(({ status }) => status === 'rejected')).toHaveLength(10);
  });
});
