import { describe, expect, it } from 'vitest';
import { LoginAttempts } from './login-attempts.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 10, minutes));

describe('LoginAttempts', () => {
  const options = { maxFailures: 3, windowMs: 10 * 60_000, maxKeys: 2 };

  it('given fewer failures than the limit, then the pair may try again', () => {
    const attempts = new LoginAttempts(options);
    attempts.failed('ip|a', at(0));
    attempts.failed('ip|a', at(1));
    expect(() => attempts.check('ip|a', at(2))).not.toThrow();
  });

  it('given the limit reached, then it refuses until the oldest failure leaves the window', () => {
    const attempts = new LoginAttempts(options);
    for (const minute of [0, 1, 2]) attempts.failed('ip|a', at(minute));
    expect(() => attempts.check('ip|a', at(3))).toThrow(
      expect.objectContaining({
        status: 429,
        response: { error: { code: 'too_many_login_attempts', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' } },
      }),
    );
    expect(() => attempts.check('ip|b', at(3))).not.toThrow();
    expect(() => attempts.check('ip|a', at(10))).not.toThrow();
  });

  it('given a success, then earlier failures are forgotten', () => {
    const attempts = new LoginAttempts(options);
    for (const minute of [0, 1, 2]) attempts.failed('ip|a', at(minute));
    attempts.succeeded('ip|a');
    expect(() => attempts.check('ip|a', at(3))).not.toThrow();
  });

  it('given more pairs than it keeps, then the one that failed longest ago is forgotten first', () => {
    const attempts = new LoginAttempts(options);
    for (const minute of [0, 1, 2]) attempts.failed('ip|a', at(minute));
    attempts.failed('ip|b', at(3));
    attempts.failed('ip|c', at(4));
    expect(() => attempts.check('ip|a', at(5))).not.toThrow();
  });

  it('keys a pair by client and email, ignoring case and spaces in the email', () => {
    expect(LoginAttempts.key('10.0.0.1', ' Root@Example.TEST ')).toBe('10.0.0.1|root@example.test');
  });
});
