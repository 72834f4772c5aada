import { randomInt } from 'node:crypto';
import { GENERATED_PASSWORD_LENGTH } from '@xsd/contracts/api/admin-users';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '!@#$%^&*-_=+?';
const CLASSES = [LOWER, UPPER, DIGITS, SPECIAL];
const ALL = CLASSES.join('');

const pick = (alphabet: string): string => alphabet[randomInt(alphabet.length)];

/**
 * The spec's generated staff password: 12 characters with at least one lowercase, uppercase,
 * digit and special character, from a cryptographic source (look-alikes such as l, 1, O, 0 left out).
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  if (length < CLASSES.length) throw new RangeError(`A generated password needs at least ${CLASSES.length} characters`);
  const chars = [...CLASSES.map(pick), ...Array.from({ length: length - CLASSES.length }, () => pick(ALL))];
  // Fisher-Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
