import { join } from 'node:path';
import webpush from 'web-push';
import { type AppConfig, ConfigError } from '../../config/config.js';
import { IN_MEMORY } from '../../database/database.js';
import { type KeptSecret, keptInBucket, keptInFile } from '../../secrets/kept-secret.js';

/** What signs every push (RFC 8292): the key pair, base64url, and whom the push service may contact. */
export interface VapidDetails {
  readonly subject: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

export const VAPID_DETAILS = Symbol('VAPID_DETAILS');

export interface VapidKeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Whom a push service may write to about our pushes when neither XSD_VAPID_SUBJECT nor XSD_ADMIN_EMAIL is set. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@localhost';
/** The embedded mode's key file, under XSD_DATA_DIR (mode 0600). */
export const VAPID_KEY_FILE = 'vapid-keys.json';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAILTO = /^mailto:[^\s@/?#]+@[^\s@/?#]+$/;

function decodedLength(text: string): number | null {
  return BASE64URL.test(text) ? Buffer.from(text, 'base64url').length : null;
}

/** A P-256 key pair as web-push makes them: a 65-byte uncompressed public key and a 32-byte private one. */
export function isVapidKeyPair(keys: { publicKey?: unknown; privateKey?: unknown }): keys is VapidKeyPair {
  return (
    typeof keys.publicKey === 'string' &&
    typeof keys.privateKey === 'string' &&
    decodedLength(keys.publicKey) === 65 &&
    Buffer.from(keys.publicKey, 'base64url')[0] === 0x04 &&
    decodedLength(keys.privateKey) === 32
  );
}

/** A `mailto:` address or an https URL with a host (RFC 8292 section 2.1). */
export function isVapidSubject(subject: string): boolean {
  if (subject.startsWith('mailto:')) return MAILTO.test(subject);
  try {
    const url = new URL(subject);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export interface VapidSettings {
  /** From XSD_VAPID_PUBLIC_KEY / XSD_VAPID_PRIVATE_KEY; null: generated at first start and kept. */
  readonly keys: VapidKeyPair | null;
  readonly subject: string;
}

function setting(env: NodeJS.ProcessEnv, key: string): string | null {
  const value = env[key]?.trim();
  return value ? value : null;
}

/**
 * XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY (both or neither) and XSD_VAPID_SUBJECT (default
 * `mailto:` XSD_ADMIN_EMAIL, else DEFAULT_VAPID_SUBJECT). Throws a one-line ConfigError that never
 * repeats a key.
 */
export function vapidSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): VapidSettings {
  const publicKey = setting(env, 'XSD_VAPID_PUBLIC_KEY');
  const privateKey = setting(env, 'XSD_VAPID_PRIVATE_KEY');
  if ((publicKey === null) !== (privateKey === null)) {
    throw new ConfigError('Set both XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY, or neither');
  }
  const keys = publicKey && privateKey ? { publicKey, privateKey } : null;
  if (keys && !isVapidKeyPair(keys)) {
    throw new ConfigError(
      'XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (65 and 32 bytes), ' +
        'as `npx web-push generate-vapid-keys` prints',
    );
  }
  const adminEmail = setting(env, 'XSD_ADMIN_EMAIL');
  const subject = setting(env, 'XSD_VAPID_SUBJECT') ?? (adminEmail ? `mailto:${adminEmail}` : DEFAULT_VAPID_SUBJECT);
  if (!isVapidSubject(subject)) {
    throw new ConfigError(`XSD_VAPID_SUBJECT must be a mailto: address or an https URL, got '${subject}'`);
  }
  return { keys, subject };
}

/** The pair as kept: web-push's JSON of the two keys. */
const VAPID_SECRET: KeptSecret<VapidKeyPair> = {
  what: 'VAPID key pair',
  make: () => JSON.stringify(webpush.generateVAPIDKeys()),
  parse(text) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== 'object' || !isVapidKeyPair(parsed)) return null;
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  },
};

/** The key file under the data directory, made at first start (services/src/secrets says how). */
export function vapidKeysFromFile(dataDir: string): Promise<VapidKeyPair> {
  return keptInFile(join(dataDir, VAPID_KEY_FILE), VAPID_SECRET);
}

/** The distributed mode's bucket: one per event stream, like the sign-in attempt bucket. */
export function vapidBucket(stream: string): string {
  return `${stream}_VAPID`;
}

/**
 * Without XSD_VAPID_* in the distributed mode, every API and notifier replica must still sign with
 * one pair: the first to start makes it and keeps it in a JetStream key-value bucket; the others read it.
 */
export function vapidKeysFromBucket(config: AppConfig): Promise<VapidKeyPair> {
  return keptInBucket(config, vapidBucket(config.stream), 'keys', VAPID_SECRET);
}

/**
 * The VAPID details the services sign with: XSD_VAPID_* when set; otherwise made at first start
 * and kept (embedded: a file under XSD_DATA_DIR; distributed: a JetStream bucket; an in-memory
 * database keeps nothing on disk, so its pair lives as long as the process).
 */
export async function loadVapidDetails(config: AppConfig, env: NodeJS.ProcessEnv = process.env): Promise<VapidDetails> {
  const settings = vapidSettingsFromEnv(env);
  const keys =
    settings.keys ??
    (config.natsUrl
      ? await vapidKeysFromBucket(config)
      : config.dataDir === IN_MEMORY
        ? webpush.generateVAPIDKeys()
        : await vapidKeysFromFile(config.dataDir));
  return { subject: settings.subject, ...keys };
}
