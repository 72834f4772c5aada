import { describe, expect, it } from 'vitest';
import { generatePassword } from './generated-password.js';
import { hashSessionToken, newSessionToken } from './session-token.js';

describe('generatePassword', () => {
  it('makes 12 characters with a lowercase, an uppercase, a digit and a special character, every time', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });
});

describe('session tokens', () => {
  it('are long, random and kept only as their SHA-256', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^xsd_[A-Za-z0-9_-]{43}$/);
    expect(newSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).toBe(hashSessionToken(token));
    expect(hashSessionToken(token)).not.toContain(token.slice(4, 12));
  });
});
