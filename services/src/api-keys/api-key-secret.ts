import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_LENGTH } from '@xsd/contracts/api/admin-api-keys';

/** 36 random bytes are exactly 48 base64url characters (288 bits). */
const KEY_BYTES = (API_KEY_LENGTH * 3) / 4;

export function generateApiKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** What is stored and compared: the hex SHA-256 of the key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
