import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, StorageType } from 'nats';
import webpush from 'web-push';
import { type AppConfig, ConfigError, natsServers } from '../../config/config.js';
import { IN_MEMORY } from '../../database/database.js';
import { answeredOnceCreated, createOrBindRacing } from '../../event-log/jetstream/creation-race.js';

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

/**
 * The key file under the data directory: read when it is there, else made (mode 0600) and put in
 * place atomically with link(2), so two processes starting on one folder agree on one pair.
 */
export async function vapidKeysFromFile(dataDir: string): Promise<VapidKeyPair> {
  const path = join(dataDir, VAPID_KEY_FILE);
  const existing = await readKeyFile(path);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const scratch = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const generated = webpush.generateVAPIDKeys();
  await writeFile(scratch, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(scratch, path);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeyFile(path);
    if (!winner) throw new ConfigError(`${path} holds no VAPID key pair: remove it to have one made`);
    return winner;
  } finally {
    await unlink(scratch).catch(() => undefined);
  }
}

async function readKeyFile(path: string): Promise<VapidKeyPair | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`${path} cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (parsed && typeof parsed === 'object' && isVapidKeyPair(parsed)) {
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  }
  throw new ConfigError(`${path} holds no VAPID key pair: remove it to have one made`);
}

/** The distributed mode's bucket: one per event stream, like the sign-in attempt bucket. */
export function vapidBucket(stream: string): string {
  return `${stream}_VAPID`;
}

const KEY_PAIR_KEY = 'keys';

/**
 * Without XSD_VAPID_* in the distributed mode, every API and notifier replica must still sign with
 * one pair: the first to start makes it and keeps it in a JetStream key-value bucket (`create`
 * succeeds for one writer only); the others read it.
 */
export async function vapidKeysFromBucket(config: AppConfig): Promise<VapidKeyPair> {
  const nc = await connect({ servers: natsServers(config.natsUrl!), name: 'silverboard-vapid' });
  try {
    const kv = await createOrBindRacing(() =>
      nc.jetstream().views.kv(vapidBucket(config.stream), {
        history: 1,
        replicas: config.streamReplicas,
        storage: StorageType.File,
      }),
    );
    const read = async () => {
      const entry = await answeredOnceCreated(() => kv.get(KEY_PAIR_KEY));
      if (!entry || entry.operation !== 'PUT') return null;
      const parsed: unknown = JSON.parse(entry.string());
      if (!parsed || typeof parsed !== 'object' || !isVapidKeyPair(parsed)) {
        throw new ConfigError(`the ${vapidBucket(config.stream)} bucket holds no VAPID key pair`);
      }
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    };
    const existing = await read();
    if (existing) return existing;
    const generated = webpush.generateVAPIDKeys();
    try {
      await kv.create(KEY_PAIR_KEY, JSON.stringify(generated));
      return generated;
    } catch {
      // Another replica made its pair first: use that one.
      const winner = await read();
      if (!winner) throw new ConfigError(`the ${vapidBucket(config.stream)} bucket could not keep a VAPID key pair`);
      return winner;
    }
  } finally {
    await nc.close();
  }
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
