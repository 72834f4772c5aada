import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { connect, StorageType } from 'nats';
import { type AppConfig, ConfigError, natsServers } from '../config/config.js';
import { answeredOnceCreated, createOrBindRacing } from '../event-log/jetstream/creation-race.js';

/**
 * A secret a deployment makes at its first start and keeps (the device cookie key, the VAPID key
 * pair), kept as text so a person can read where it lives.
 */
export interface KeptSecret<T> {
  /** Names it in errors: "device cookie key". */
  readonly what: string;
  /** A new one, as the text kept. */
  make(): string;
  /** The kept text back, or null when it holds no such secret. */
  parse(text: string): T | null;
}

/**
 * The embedded mode's keeping: the file at `path`, read when it is there, else made (mode 0600) and
 * put in place with link(2), which fails when the name is taken, so processes starting on one
 * folder at once agree on the first one's secret. Throws a one-line ConfigError that never repeats
 * the secret.
 */
export async function keptInFile<T>(path: string, secret: KeptSecret<T>): Promise<T> {
  const read = async (): Promise<T | null> => {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new ConfigError(`${path} cannot be read: ${(error as Error).message}`);
    }
    const value = secret.parse(text);
    if (value === null) throw new ConfigError(`${path} holds no ${secret.what}: remove it to have one made`);
    return value;
  };
  const existing = await read();
  if (existing !== null) return existing;
  await mkdir(dirname(path), { recursive: true });
  const scratch = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(scratch, `${secret.make()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    // Losing the race to another process is fine: read the winner's.
    await link(scratch, path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await unlink(scratch).catch(() => undefined);
  }
  return (await read())!;
}

/**
 * The distributed mode's keeping: one key of a one-value JetStream bucket every replica reads. The
 * first replica to start makes the secret (`create` succeeds for one writer only); the others read
 * it. Throws a one-line ConfigError that never repeats the secret.
 */
export async function keptInBucket<T>(config: AppConfig, bucket: string, key: string, secret: KeptSecret<T>): Promise<T> {
  const nc = await connect({ servers: natsServers(config.natsUrl!), name: `silverboard-${bucket}` });
  try {
    const kv = await createOrBindRacing(() =>
      nc.jetstream().views.kv(bucket, { history: 1, replicas: config.streamReplicas, storage: StorageType.File }),
    );
    const read = async (): Promise<T | null> => {
      const entry = await answeredOnceCreated(() => kv.get(key));
      if (!entry || entry.operation !== 'PUT') return null;
      const value = secret.parse(entry.string());
      if (value === null) throw new ConfigError(`the ${bucket} bucket holds no ${secret.what}`);
      return value;
    };
    const existing = await read();
    if (existing !== null) return existing;
    // Losing the race to another replica is fine: read the winner's.
    await kv.create(key, secret.make()).catch(() => undefined);
    const kept = await read();
    if (kept === null) throw new ConfigError(`the ${bucket} bucket could not keep a ${secret.what}`);
    return kept;
  } finally {
    await nc.close();
  }
}
