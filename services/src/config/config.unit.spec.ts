import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.js';

/** The folders networksFile made, removed after the file's tests. */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function networksFile(content: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'silverboard-config-'));
  folders.push(folder);
  const path = join(folder, 'networks.json');
  writeFileSync(path, content);
  return path;
}

describe('loadConfig', () => {
  it('given nothing, then it runs embedded on the devnet at 8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      databaseUrl: null,
      natsUrl: null,
      port: 8080,
      networkProfile: 'devnet',
      stream: 'XSD_EVENTS',
      admin: null,
      devnetBasePort: 8545,
      networkOverrides: {},
    });
  });

  it('given XSD_NETWORKS_FILE, then its overrides are read and validated', () => {
    const path = networksFile(JSON.stringify({ Base: { priceController: '0x3333333333333333333333333333333333333333' } }));

    expect(loadConfig({ XSD_NETWORKS_FILE: path }).networkOverrides).toEqual({
      Base: { priceController: '0x3333333333333333333333333333333333333333' },
    });
  });

  it('given a networks file with a bad address, then it says which file and which field', () => {
    const path = networksFile(JSON.stringify({ Base: { tokens: { XSD: 'nope' } } }));

    expect(() => loadConfig({ XSD_NETWORKS_FILE: path })).toThrow(ConfigError);
    expect(() => loadConfig({ XSD_NETWORKS_FILE: path })).toThrow(`XSD_NETWORKS_FILE ${path}: Base.tokens.XSD: must be a 0x address`);
  });

  it('given a networks file that is not JSON or not there, then it says so', () => {
    expect(() => loadConfig({ XSD_NETWORKS_FILE: networksFile('{ nope') })).toThrow(/XSD_NETWORKS_FILE .*: .*JSON/);
    expect(() => loadConfig({ XSD_NETWORKS_FILE: '/no/such/networks.json' })).toThrow(
      /XSD_NETWORKS_FILE \/no\/such\/networks.json cannot be read/,
    );
  });

  it('given nothing about replication, then the stream has one replica', () => {
    expect(loadConfig({}).streamReplicas).toBe(1);
  });

  it('given XSD_STREAM_REPLICAS, then it is the replicas of the stream, from 1 to 5 as JetStream allows', () => {
    expect(loadConfig({ XSD_STREAM_REPLICAS: '3' }).streamReplicas).toBe(3);
    expect(() => loadConfig({ XSD_STREAM_REPLICAS: '0' })).toThrow("XSD_STREAM_REPLICAS must be from 1 to 5, got '0'");
    expect(() => loadConfig({ XSD_STREAM_REPLICAS: '6' })).toThrow(ConfigError);
    expect(() => loadConfig({ XSD_STREAM_REPLICAS: 'three' })).toThrow("XSD_STREAM_REPLICAS must be a whole number, got 'three'");
  });

  it('given a cluster in NATS_URL, then the banner lists every server without credentials', () => {
    const config = loadConfig({
      NATS_URL: 'nats://app:secret@nats-1:4222, nats://nats-2:4222,nats://nats-3:4222',
      XSD_STREAM_REPLICAS: '3',
    });

    expect(describeConfig(config).eventLog).toBe(
      'jetstream:nats://app:***@nats-1:4222,nats://nats-2:4222,nats://nats-3:4222/XSD_EVENTS R3',
    );
  });

  it('refuses a bad port, an unknown profile and half of the admin credentials', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow("PORT must be a whole number from 0 to 65535, got '80a'");
    expect(() => loadConfig({ XSD_NETWORK_PROFILE: 'testnet' })).toThrow("XSD_NETWORK_PROFILE must be 'devnet' or 'mainnet', got 'testnet'");
    expect(() => loadConfig({ XSD_ADMIN_EMAIL: 'a@b.test' })).toThrow('Set both XSD_ADMIN_EMAIL and XSD_ADMIN_PASSWORD, or neither');
  });
});
