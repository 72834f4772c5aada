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

  it('given nothing about operations, then the ops listener is on 127.0.0.1:9464 and logs at info', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1', logLevel: 'info' });
  });

  it('given nothing about the live stream, then a client may hold 20 streams and the process 10,000; the settings change them', () => {
    expect(loadConfig({})).toMatchObject({ liveStreamMaxPerClient: 20, liveStreamMaxTotal: 10_000 });
    expect(loadConfig({ XSD_STREAM_MAX_PER_CLIENT: '5', XSD_STREAM_MAX_TOTAL: '800' })).toMatchObject({ liveStreamMaxPerClient: 5, liveStreamMaxTotal: 800 });
    expect(() => loadConfig({ XSD_STREAM_MAX_PER_CLIENT: '0' })).toThrow("XSD_STREAM_MAX_PER_CLIENT must be at least 1, got '0'");
    expect(() => loadConfig({ XSD_STREAM_MAX_TOTAL: 'many' })).toThrow("XSD_STREAM_MAX_TOTAL must be a whole number, got 'many'");
  });

  it('given XSD_METRICS_PORT and XSD_METRICS_HOST, then the ops listener is there; 0 turns it off', () => {
    expect(loadConfig({ XSD_METRICS_PORT: '19464', XSD_METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 19464, metricsHost: '0.0.0.0' });
    expect(loadConfig({ XSD_METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(() => loadConfig({ XSD_METRICS_PORT: 'nine' })).toThrow("XSD_METRICS_PORT must be a whole number from 0 to 65535, got 'nine'");
    expect(() => loadConfig({ XSD_METRICS_PORT: '65536' })).toThrow(ConfigError);
    expect(() => loadConfig({ XSD_METRICS_PORT: '-1' })).toThrow(ConfigError);
  });

  it('given XSD_LOG_LEVEL, then it is one of pino\'s level names, in any case', () => {
    expect(loadConfig({ XSD_LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ XSD_LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(loadConfig({ XSD_LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
    expect(() => loadConfig({ XSD_LOG_LEVEL: 'verbose' })).toThrow(
      "XSD_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
    );
  });

  it('given XSD_ANALYTICS_RAW_DAYS, then raw analytics rows are kept that many days (90 by default, at least 1)', () => {
    expect(loadConfig({}).analyticsRawDays).toBe(90);
    expect(loadConfig({ XSD_ANALYTICS_RAW_DAYS: '30' }).analyticsRawDays).toBe(30);
    expect(() => loadConfig({ XSD_ANALYTICS_RAW_DAYS: '0' })).toThrow("XSD_ANALYTICS_RAW_DAYS must be at least 1, got '0'");
    expect(() => loadConfig({ XSD_ANALYTICS_RAW_DAYS: 'ninety' })).toThrow("XSD_ANALYTICS_RAW_DAYS must be a whole number, got 'ninety'");
  });

  it('refuses a bad port, an unknown profile and half of the admin credentials', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow("PORT must be a whole number from 0 to 65535, got '80a'");
    expect(() => loadConfig({ XSD_NETWORK_PROFILE: 'testnet' })).toThrow("XSD_NETWORK_PROFILE must be 'devnet' or 'mainnet', got 'testnet'");
    expect(() => loadConfig({ XSD_ADMIN_EMAIL: 'a@b.test' })).toThrow('Set both XSD_ADMIN_EMAIL and XSD_ADMIN_PASSWORD, or neither');
  });
});

describe('loadConfig: mail and the public origin', () => {
  it('given no mail settings, then mail is off and links point at localhost', () => {
    expect(loadConfig({ PORT: '9000' })).toMatchObject({ mail: null, publicUrl: 'http://localhost:9000' });
  });

  it('given both mail settings, then mail is on; the URL never reaches the description', () => {
    const config = loadConfig({ XSD_SMTP_URL: 'smtps://user:s3cret@mail.example:465', XSD_MAIL_FROM: 'Board <noreply@board.example>', XSD_PUBLIC_URL: 'https://board.example/' });
    expect(config).toMatchObject({ mail: { smtpUrl: 'smtps://user:s3cret@mail.example:465', from: 'Board <noreply@board.example>' }, publicUrl: 'https://board.example' });
    expect(JSON.stringify(describeConfig(config))).not.toContain('s3cret');
  });

  it('given one mail setting alone, a URL that is not SMTP or a bad sender, then it refuses to start without repeating the URL', () => {
    expect(() => loadConfig({ XSD_SMTP_URL: 'smtp://mail.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ XSD_MAIL_FROM: 'noreply@board.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ XSD_SMTP_URL: 'https://user:s3cret@mail.example', XSD_MAIL_FROM: 'a@b.example' })).toThrow(/smtp:\/\/ or smtps:\/\/.*value not shown/);
    try {
      loadConfig({ XSD_SMTP_URL: 'http://user:s3cret@mail.example', XSD_MAIL_FROM: 'a@b.example' });
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cret');
    }
    expect(() => loadConfig({ XSD_SMTP_URL: 'smtp://mail.example', XSD_MAIL_FROM: 'not an address' })).toThrow(/XSD_MAIL_FROM/);
  });

  it('given a public URL with a path, credentials or another scheme, then it refuses to start', () => {
    for (const url of ['https://board.example/app', 'ftp://board.example', 'https://u:p@board.example', 'board.example']) {
      expect(() => loadConfig({ XSD_PUBLIC_URL: url })).toThrow(/XSD_PUBLIC_URL/);
    }
  });
});
