import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceStore, deviceFilePath } from './device-store.js';

describe('DeviceStore', () => {
  let dir: string;
  let store: DeviceStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xsd-devices-'));
    store = new DeviceStore(join(dir, 'silverboard', 'devices.json'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps the latest token per API and email (in any case), in a file only its owner can read (0600, folder 0700)', async () => {
    expect(await store.get('http://localhost:8080', 'ops@silverboard.test')).toBeNull();
    await store.set('http://localhost:8080', ' Ops@Silverboard.test', 'd1.first');
    await store.set('http://localhost:8080', 'ann@silverboard.test', 'd1.ann');
    await store.set('https://board.example', 'ops@silverboard.test', 'd1.other');
    await store.set('http://localhost:8080', 'ops@silverboard.test', 'd1.second');
    expect((await stat(store.filePath)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'silverboard'))).mode & 0o777).toBe(0o700);
    expect(await store.get('http://localhost:8080', 'OPS@silverboard.test')).toBe('d1.second');
    expect(await store.get('http://localhost:8080', 'ann@silverboard.test')).toBe('d1.ann');
    expect(await store.get('https://board.example', 'ops@silverboard.test')).toBe('d1.other');
  });

  it('reads a damaged file as empty, and replaces it on the next sign-in', async () => {
    await store.set('http://localhost:8080', 'ops@silverboard.test', 'd1.first');
    await writeFile(store.filePath, '{ not json');
    expect(await store.get('http://localhost:8080', 'ops@silverboard.test')).toBeNull();
    await store.set('http://localhost:8080', 'ops@silverboard.test', 'd1.second');
    expect(await store.get('http://localhost:8080', 'ops@silverboard.test')).toBe('d1.second');
  });

  it('lives next to the session file', () => {
    expect(deviceFilePath({ XSD_CONFIG_DIR: '/tmp/x' })).toBe('/tmp/x/devices.json');
  });
});
