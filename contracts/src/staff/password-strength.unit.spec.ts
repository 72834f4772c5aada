import { describe, expect, it } from 'vitest';
import { passwordScore, passwordStrength } from './password-strength.js';

describe('password strength', () => {
  it('gives one point per rule', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('abcdefgh')).toBe(2);
    expect(passwordScore('Abcdefg1!')).toBe(5);
  });

  it('is Weak under 2 points, Medium under 4, else Strong', () => {
    expect(passwordStrength('a')).toBe('Weak');
    expect(passwordStrength('aB')).toBe('Medium');
    expect(passwordStrength('aB1')).toBe('Medium');
    expect(passwordStrength('aB1!')).toBe('Strong');
    expect(passwordStrength('abcdefgH1')).toBe('Strong');
  });
});
