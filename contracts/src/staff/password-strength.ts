/**
 * The spec's password strength meter (admin-and-data §5, public-app §5): one point each for a
 * length of 8 or more, an uppercase letter, a lowercase letter, a digit and a special character;
 * under 2 is Weak, under 4 Medium, else Strong. A hint only: the server checks the length.
 */
import { MIN_PASSWORD_LENGTH } from '../api/auth.js';

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

export function passwordScore(password: string): number {
  return [
    password.length >= MIN_PASSWORD_LENGTH,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score < 2) return 'Weak';
  if (score < 4) return 'Medium';
  return 'Strong';
}
