import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, StorageType } from 'nats';
import { type AppConfig, ConfigError, natsServers } from '../config/config.js';
import { IN_MEMORY } from '../database/database.js';
import { answeredOnceCreated, createOrBindRacing } from '../event-log/jetstream/creation-race.js';

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

const newKey = () => randomBytes(DEVICE_KEY_BYTES).toString('base64url');

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
  if (config.natsUrl) return deviceKeyFromBucket(config);
  if (config.dataDir === IN_MEMORY) return randomBytes(DEVICE_KEY_BYTES);
  return deviceKeyFromFile(config.dataDir);
}

/** Read when there, else made (0600) and put in place with link(2): processes starting on one folder agree on one key. */
async function deviceKeyFromFile(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, DEVICE_KEY_FILE);
  const read = async () => {
    try {
      const key = parseKey(await readFile(path, 'utf8'));
      if (!key) throw new ConfigError(`${path} holds no device cookie key: remove it to have one made`);
      return key;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error instanceof ConfigError ? error : new ConfigError(`${path} cannot be read: ${(error as Error).message}`);
    }
  };
  const existing = await read();
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const scratch = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(scratch, `${newKey()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(scratch, path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await unlink(scratch).catch(() => undefined);
  }
  return (await read())!;
}

/** The first replica to start makes the key (`create` succeeds for one writer only); the others read it. */
async function deviceKeyFromBucket(config: AppConfig): Promise<Buffer> {
  const nc = await connect({ servers: natsServers(config.natsUrl!), name: 'silverboard-device-key' });
  try {
    const bucket = deviceKeyBucket(config.stream);
    const kv = await createOrBindRacing(() =>
      nc.jetstream().views.kv(bucket, { history: 1, replicas: config.streamReplicas, storage: StorageType.File }),
    );
    const read = async () => {
      const entry = await answeredOnceCreated(() => kv.get('key'));
      if (!entry || entry.operation !== 'PUT') return null;
      const key = parseKey(entry.string());
      if (!key) throw new ConfigError(`the ${bucket} bucket holds no device cookie key`);
      return key;
    };
    const existing = await read();
    if (existing) return existing;
    // Losing the race to another replica is fine: read the winner's.
    await kv.create('key', newKey()).catch(() => undefined);
    const key = await read();
    if (!key) throw new ConfigError(`the ${bucket} bucket could not keep a device cookie key`);
    return key;
  } finally {
    await nc.close();
  }
}
