import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function networksFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'silverboard-config-')), 'networks.json');
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

  it('refuses a bad port, an unknown profile and half of the admin credentials', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow("PORT must be a whole number from 0 to 65535, got '80a'");
    expect(() => loadConfig({ XSD_NETWORK_PROFILE: 'testnet' })).toThrow("XSD_NETWORK_PROFILE must be 'devnet' or 'mainnet', got 'testnet'");
    expect(() => loadConfig({ XSD_ADMIN_EMAIL: 'a@b.test' })).toThrow('Set both XSD_ADMIN_EMAIL and XSD_ADMIN_PASSWORD, or neither');
  });
});
