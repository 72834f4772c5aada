import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type AppConfig, ConfigError } from '../config/config.js';
import { IN_MEMORY } from '../database/database.js';
import { type KeptSecret, keptInBucket, keptInFile } from '../secrets/kept-secret.js';

/** The key that signs device cookies: 32 random bytes, base64url where it is written down. */
export const DEVICE_KEY = Symbol('DEVICE_KEY');
export const DEVICE_KEY_BYTES = 32;
/** The embedded mode's key file, under XSD_DATA_DIR (mode 0600), next to the VAPID keys. */
export const DEVICE_KEY_FILE = 'device-cookie-key';
const ENV_KEY = 'XSD_DEVICE_COOKIE_KEY';

/** The distributed mode's bucket: one per event stream, like the VAPID and sign-in attempt buckets. */
export function deviceKeyBucket(stream: string): string {
  return `${stream}_DEVICE_KEY`;
}

/** At least DEVICE_KEY_BYTES of base64url, or null. */
function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64url');
  return key.length >= DEVICE_KEY_BYTES ? key : null;
}

/** The key as kept: base64url text, made of DEVICE_KEY_BYTES random bytes. */
const DEVICE_KEY_SECRET: KeptSecret<Buffer> = {
  what: 'device cookie key',
  make: () => randomBytes(DEVICE_KEY_BYTES).toString('base64url'),
  parse: parseKey,
};

/**
 * The device cookies' signing key, kept as the VAPID keys are: XSD_DEVICE_COOKIE_KEY when set (one
 * value for every API replica); otherwise made at first start and kept (embedded: a file under
 * XSD_DATA_DIR; distributed: a JetStream bucket every replica reads; an in-memory database keeps
 * nothing, so its key lives as long as the process). Throws a one-line ConfigError that never
 * repeats the key.
 */
export async function loadDeviceKey(config: AppConfig, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const set = env[ENV_KEY]?.trim();
  if (set) {
    const key = parseKey(set);
    if (!key) throw new ConfigError(`${ENV_KEY} must be at least ${DEVICE_KEY_BYTES} bytes in base64url (e.g. \`openssl rand -base64 32 | tr '+/' '-_' | tr -d '=\\n'\`)`);
    return key;
  }
  if (config.natsUrl) return keptInBucket(config, deviceKeyBucket(config.stream), 'key', DEVICE_KEY_SECRET);
  if (config.dataDir === IN_MEMORY) return randomBytes(DEVICE_KEY_BYTES);
  return keptInFile(join(config.dataDir, DEVICE_KEY_FILE), DEVICE_KEY_SECRET);
}
