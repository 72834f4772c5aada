import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.filter.js';
import { MemoryAttemptStore } from '../rate-limit/memory-attempt-store.js';
import { PASSWORD_RESET_LIMITS, PasswordResetBudget } from './password-reset-budget.js';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

/** The code a request is refused with, or 'admitted'. */
async function outcome(run: Promise<void>): Promise<string> {
  try {
    await run;
    return 'admitted';
  } catch (error) {
    if (error instanceof ApiError) return `${error.getStatus()} ${error.code}`;
    throw error;
  }
}

describe('password reset budget', () => {
  describe('given requests from one client for one email', () => {
    it('then the fourth within 15 minutes is refused, and one after the window is taken', async () => {
      const budget = new PasswordResetBudget(new MemoryAttemptStore());
      for (let n = 0; n < 3; n += 1) expect(await outcome(budget.admitRequest('10.0.0.1', 'ann@example.com', null, NOW))).toBe('admitted');
      expect(await outcome(budget.admitRequest('10.0.0.1', 'Ann@Example.com ', null, NOW))).toBe('429 too_many_reset_requests');
      expect(await outcome(budget.admitRequest('10.0.0.1', 'ann@example.com', null, later(PASSWORD_RESET_LIMITS.windowMs)))).toBe('admitted');
    });
  });

  describe('given requests for one email from many clients', () => {
    it('then the sixth is refused, except from a device that signed in to it before', async () => {
      const budget = new PasswordResetBudget(new MemoryAttemptStore());
      for (let n = 0; n < 5; n += 1) expect(await outcome(budget.admitRequest(`10.0.1.${n}`, 'ann@example.com', null, NOW))).toBe('admitted');
      expect(await outcome(budget.admitRequest('10.0.1.9', 'ann@example.com', null, NOW))).toBe('429 too_many_reset_requests');
      for (let n = 0; n < 5; n += 1) expect(await outcome(budget.admitRequest('10.0.1.9', 'ann@example.com', 'device-a', NOW))).toBe('admitted');
      expect(await outcome(budget.admitRequest('10.0.1.9', 'ann@example.com', 'device-a', NOW))).toBe('429 too_many_reset_requests');
    });
  });

  describe('given one client asking for many emails', () => {
    it('then the eleventh is refused', async () => {
      const budget = new PasswordResetBudget(new MemoryAttemptStore());
      for (let n = 0; n < 10; n += 1) expect(await outcome(budget.admitRequest('10.0.2.1', `user${n}@example.com`, null, NOW))).toBe('admitted');
      expect(await outcome(budget.admitRequest('10.0.2.1', 'user10@example.com', null, NOW))).toBe('429 too_many_reset_requests');
    });
  });

  describe('given many clients asking for many emails', () => {
    it('then the site takes 200 within the window', async () => {
      const budget = new PasswordResetBudget(new MemoryAttemptStore());
      for (let n = 0; n < 200; n += 1) expect(await outcome(budget.admitRequest(`10.1.${n >> 8}.${n & 255}`, `u${n}@example.com`, null, NOW))).toBe('admitted');
      expect(await outcome(budget.admitRequest('10.3.0.1', 'last@example.com', null, NOW))).toBe('429 too_many_reset_requests');
    });
  });

  describe('given links that do not work', () => {
    it('then a client is stopped after ten, others are not', async () => {
      const budget = new PasswordResetBudget(new MemoryAttemptStore());
      for (let n = 0; n < 10; n += 1) {
        expect(await outcome(budget.admitLink('10.0.3.1', NOW))).toBe('admitted');
        await budget.linkFailed('10.0.3.1', NOW);
      }
      expect(await outcome(budget.admitLink('10.0.3.1', NOW))).toBe('429 too_many_reset_attempts');
      expect(await outcome(budget.admitLink('10.0.3.2', NOW))).toBe('admitted');
    });
  });
});
