import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config.js';
import { TEST_APP_CONFIG } from '../../testing/api-test-app.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../../testing/test-stream.js';
import {
  DEFAULT_VAPID_SUBJECT,
  isVapidKeyPair,
  loadVapidDetails,
  VAPID_KEY_FILE,
  vapidKeysFromBucket,
  vapidKeysFromFile,
  vapidSettingsFromEnv,
} from './vapid-keys.js';

const PAIR = webpush.generateVAPIDKeys();

describe('VAPID settings from the environment', () => {
  it('without keys: generated and kept, the subject from XSD_ADMIN_EMAIL, else the default', () => {
    expect(vapidSettingsFromEnv({})).toEqual({ keys: null, subject: DEFAULT_VAPID_SUBJECT });
    expect(vapidSettingsFromEnv({ XSD_ADMIN_EMAIL: 'ops@silverboard.test' })).toEqual({ keys: null, subject: 'mailto:ops@silverboard.test' });
  });

  it('takes both keys and the subject as given', () => {
    const env = { XSD_VAPID_PUBLIC_KEY: ` ${PAIR.publicKey} `, XSD_VAPID_PRIVATE_KEY: PAIR.privateKey, XSD_VAPID_SUBJECT: 'https://silverboard.example/contact' };
    expect(vapidSettingsFromEnv(env)).toEqual({ keys: PAIR, subject: 'https://silverboard.example/contact' });
  });

  it.each([
    ['only the public key', { XSD_VAPID_PUBLIC_KEY: PAIR.publicKey }, 'Set both XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY, or neither'],
    ['only the private key', { XSD_VAPID_PRIVATE_KEY: PAIR.privateKey }, 'Set both XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY, or neither'],
    ['a malformed private key', { XSD_VAPID_PUBLIC_KEY: PAIR.publicKey, XSD_VAPID_PRIVATE_KEY: 'not-a-key' }, /^XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY must be a P-256 key pair/],
    ['a private key given as the public one', { XSD_VAPID_PUBLIC_KEY: PAIR.privateKey, XSD_VAPID_PRIVATE_KEY: PAIR.privateKey }, /must be a P-256 key pair/],
    ['an http subject', { XSD_VAPID_SUBJECT: 'http://silverboard.example' }, "XSD_VAPID_SUBJECT must be a mailto: address or an https URL, got 'http://silverboard.example'"],
    ['a mailto: without a domain', { XSD_VAPID_SUBJECT: 'mailto:nobody' }, /^XSD_VAPID_SUBJECT must be/],
    ['a subject that is no URL', { XSD_VAPID_SUBJECT: 'silverboard' }, /^XSD_VAPID_SUBJECT must be/],
  ])('refuses %s with one clear line', (_name, env, message) => {
    let error: unknown;
    try {
      vapidSettingsFromEnv(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).not.toContain(PAIR.privateKey);
  });
});

describe('VAPID keys kept under the data directory', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xsd-vapid-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes a pair at first start, in a file only its owner may read, and reads the same pair afterwards', async () => {
    const data = join(dir, 'first');
    const made = await vapidKeysFromFile(data);
    expect(isVapidKeyPair(made)).toBe(true);
    const file = join(data, VAPID_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(made);
    expect(await vapidKeysFromFile(data)).toEqual(made);
    expect(await loadVapidDetails({ ...TEST_APP_CONFIG, dataDir: data }, {})).toEqual({ subject: DEFAULT_VAPID_SUBJECT, ...made });
  });

  it('gives processes starting together on one folder the same pair', async () => {
    const data = join(dir, 'race');
    const pairs = await Promise.all(Array.from({ length: 8 }, () => vapidKeysFromFile(data)));
    expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    expect(await vapidKeysFromFile(data)).toEqual(pairs[0]);
  });

  it('refuses a key file that holds no key pair instead of replacing it', async () => {
    const data = join(dir, 'corrupt');
    await vapidKeysFromFile(data);
    await writeFile(join(data, VAPID_KEY_FILE), '{"publicKey":"x"}');
    await expect(vapidKeysFromFile(data)).rejects.toThrow(`${join(data, VAPID_KEY_FILE)} holds no VAPID key pair: remove it to have one made`);
  });

  it('uses the keys from the environment and writes no file', async () => {
    const data = join(dir, 'env');
    const env = { XSD_VAPID_PUBLIC_KEY: PAIR.publicKey, XSD_VAPID_PRIVATE_KEY: PAIR.privateKey, XSD_VAPID_SUBJECT: 'mailto:ops@silverboard.test' };
    expect(await loadVapidDetails({ ...TEST_APP_CONFIG, dataDir: data }, env)).toEqual({ subject: 'mailto:ops@silverboard.test', ...PAIR });
    await expect(stat(data)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps an in-memory deployment off the disk', async () => {
    const details = await loadVapidDetails({ ...TEST_APP_CONFIG, dataDir: ':memory:' }, {});
    expect(isVapidKeyPair(details)).toBe(true);
    await expect(stat(':memory:')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('VAPID keys of a distributed deployment without XSD_VAPID_* (JetStream bucket)', () => {
  const { stream } = uniqueStream('VAPID');
  const config = { ...TEST_APP_CONFIG, natsUrl: TEST_NATS_URL, stream };

  afterAll(async () => {
    await deleteStream(stream);
  });

  it('the first replica makes the pair, every other one (also starting at the same time) reads it', async () => {
    const pairs = await Promise.all(Array.from({ length: 4 }, () => vapidKeysFromBucket(config)));
    expect(isVapidKeyPair(pairs[0]!)).toBe(true);
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(1);
    expect(await loadVapidDetails(config, {})).toEqual({ subject: DEFAULT_VAPID_SUBJECT, ...pairs[0] });
  });
});
