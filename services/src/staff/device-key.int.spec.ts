import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.js';
import { TEST_APP_CONFIG } from '../testing/api-test-app.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
import { DEVICE_KEY_FILE, loadDeviceKey } from './device-key.js';

const GIVEN = Buffer.alloc(32, 9);

describe('the device cookie key', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'xsd-device-key-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is XSD_DEVICE_COOKIE_KEY when set, and refuses a short or malformed one in one line that does not repeat it', async () => {
    expect(await loadDeviceKey(TEST_APP_CONFIG, { XSD_DEVICE_COOKIE_KEY: ` ${GIVEN.toString('base64url')} ` })).toEqual(GIVEN);
    for (const bad of [Buffer.alloc(16, 1).toString('base64url'), 'not base64url!'.repeat(4)]) {
      const refusal = loadDeviceKey(TEST_APP_CONFIG, { XSD_DEVICE_COOKIE_KEY: bad });
      await expect(refusal).rejects.toBeInstanceOf(ConfigError);
      await expect(refusal).rejects.toThrow(/^XSD_DEVICE_COOKIE_KEY must be at least 32 bytes in base64url/);
      await expect(refusal).rejects.not.toThrow(bad);
    }
  });

  it('embedded: made at first start in a 0600 file under the data folder, the same for every process after', async () => {
    const config = { ...TEST_APP_CONFIG, dataDir };
    const keys = await Promise.all(Array.from({ length: 3 }, () => loadDeviceKey(config, {})));
    expect(keys[0]).toHaveLength(32);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect((await stat(join(dataDir, DEVICE_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(join(dataDir, DEVICE_KEY_FILE), 'utf8')).trim(), 'base64url')).toEqual(keys[0]);
    expect(await loadDeviceKey(config, {})).toEqual(keys[0]);
    await writeFile(join(dataDir, DEVICE_KEY_FILE), 'short\n');
    await expect(loadDeviceKey(config, {})).rejects.toThrow(`${join(dataDir, DEVICE_KEY_FILE)} holds no device cookie key: remove it to have one made`);
  });

  it('in memory: a key for the process alone', async () => {
    const [a, b] = await Promise.all([loadDeviceKey(TEST_APP_CONFIG, {}), loadDeviceKey(TEST_APP_CONFIG, {})]);
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(b);
  });

  describe('distributed (JetStream bucket)', () => {
    const { stream } = uniqueStream('DEVKEY');
    const config = { ...TEST_APP_CONFIG, natsUrl: TEST_NATS_URL, stream };

    afterAll(async () => {
      await deleteStream(stream);
    });

    it('the first replica makes it, every other one (also starting at the same time) reads it', async () => {
      const keys = await Promise.all(Array.from({ length: 4 }, () => loadDeviceKey(config, {})));
      expect(keys[0]).toHaveLength(32);
      expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
      expect(await loadDeviceKey(config, {})).toEqual(keys[0]);
    });

    it('replicas starting together on a new stream, round after round, agree on one key (their reads race the bucket being made)', { timeout: 120_000 }, async () => {
      for (let round = 0; round < 8; round += 1) {
        const fresh = uniqueStream('DEVKEY').stream;
        try {
          const keys = await Promise.all(Array.from({ length: 6 }, () => loadDeviceKey({ ...config, stream: fresh }, {})));
          expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
        } finally {
          await deleteStream(fresh);
        }
      }
    });
  });
});
