import { describe, expect, it } from 'vitest';
import { ChangePasswordRequestSchema, LoginRequestSchema } from './auth.js';

const firstMessage = (schema: typeof ChangePasswordRequestSchema | typeof LoginRequestSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('auth request bodies', () => {
  it('login needs both fields', () => {
    expect(firstMessage(LoginRequestSchema, { email: 'a@b.c', password: 'x' })).toBeNull();
    expect(firstMessage(LoginRequestSchema, { email: ' ', password: 'x' })).toBe('Email and password are required');
    expect(firstMessage(LoginRequestSchema, { email: 'a@b.c' })).toBe('Email and password are required');
  });

  it("password change follows the spec's order: all required, then length, then match", () => {
    const ok = { currentPassword: 'old', newPassword: 'longenough', confirmPassword: 'longenough' };
    expect(firstMessage(ChangePasswordRequestSchema, ok)).toBeNull();
    expect(firstMessage(ChangePasswordRequestSchema, { ...ok, currentPassword: '' })).toBe(
      'Current password, new password and confirmation are all required',
    );
    expect(firstMessage(ChangePasswordRequestSchema, { ...ok, newPassword: 'short', confirmPassword: 'other' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(firstMessage(ChangePasswordRequestSchema, { ...ok, confirmPassword: 'longenougH' })).toBe('New passwords do not match');
  });
});

describe('a body that is not an object', () => {
  it('gets the same plain messages', () => {
    expect(firstMessage(LoginRequestSchema, null)).toBe('Email and password are required');
    expect(firstMessage(ChangePasswordRequestSchema, 'text')).toBe('Current password, new password and confirmation are all required');
  });
});
