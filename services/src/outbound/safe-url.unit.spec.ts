import { describe, expect, it } from 'vitest';
import { forbiddenAddressReason } from './forbidden-addresses.js';
import { FORBIDDEN_TARGETS, PUBLIC_TARGETS, testResolver } from './forbidden-targets.js';
import { checkOutboundUrl, checkOutboundUrlLiteral, OutboundRefusedError, parseOutboundUrl } from './safe-url.js';

const policy = { allowHosts: [], resolve: testResolver };

describe('outbound URL check', () => {
  it('WHATWG parsing turns decimal, octal, hex and short IPv4 forms into dotted quads', () => {
    expect(parseOutboundUrl('https://2130706433/x').hostname).toBe('127.0.0.1');
    expect(parseOutboundUrl('https://0177.0.0.1/x').hostname).toBe('127.0.0.1');
    expect(parseOutboundUrl('https://0x7f.0.0.1/x').hostname).toBe('127.0.0.1');
    expect(parseOutboundUrl('https://127.1/x').hostname).toBe('127.0.0.1');
    expect(parseOutboundUrl('https://[::ffff:127.0.0.1]/x').hostname).toBe('[::ffff:7f00:1]');
  });

  it(`refuses each of the ${FORBIDDEN_TARGETS.length} forbidden targets, naming why`, async () => {
    expect(FORBIDDEN_TARGETS.length).toBeGreaterThanOrEqual(25);
    for (const target of FORBIDDEN_TARGETS) {
      const refused = await checkOutboundUrl(target, policy).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, target).toBeInstanceOf(OutboundRefusedError);
      expect((refused as OutboundRefusedError).message, target).toMatch(/^URL must be an https address on the public internet \(.+\)$/);
    }
  });

  it('accepts public addresses and names that resolve only to them', async () => {
    for (const target of PUBLIC_TARGETS) await expect(checkOutboundUrl(target, policy), target).resolves.toBeInstanceOf(URL);
  });

  it('names the class of each refused address', () => {
    expect(forbiddenAddressReason('127.0.0.1')).toBe('loopback');
    expect(forbiddenAddressReason('169.254.169.254')).toBe('link-local (cloud metadata)');
    expect(forbiddenAddressReason('100.100.1.1')).toBe('carrier-grade NAT');
    expect(forbiddenAddressReason('255.255.255.255')).toBe('broadcast');
    expect(forbiddenAddressReason('::ffff:192.168.0.1')).toBe('private (IPv4 192.168.0.1 inside IPv6)');
    expect(forbiddenAddressReason('64:ff9b::a9fe:a9fe')).toBe('link-local (cloud metadata) (IPv4 169.254.169.254 inside IPv6)');
    expect(forbiddenAddressReason('fe80::1%eth0')).toBe('link-local');
    expect(forbiddenAddressReason('8.8.8.8')).toBeNull();
    expect(forbiddenAddressReason('2a00:1450:4001:81c::200e')).toBeNull();
  });

  it('lets a host named in the allow list through, and only that host', async () => {
    const allowing = { allowHosts: ['localhost'], resolve: testResolver };
    await expect(checkOutboundUrl('https://localhost:8443/hook', allowing)).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('https://localhost:8443/hook', policy)).rejects.toThrow(/localhost is 127\.0\.0\.1, loopback/);
    await expect(checkOutboundUrl('https://inward.test/hook', allowing)).rejects.toThrow(OutboundRefusedError);
    await expect(checkOutboundUrl('http://localhost/hook', allowing)).rejects.toThrow(/not https/);
  });

  it('without resolving (push endpoints at save): refuses localhost and every inward literal, leaves names to delivery', () => {
    const names = new Set(['inward.test', 'mixed.test']);
    for (const target of FORBIDDEN_TARGETS) {
      if (names.has(new URL(target).hostname)) expect(checkOutboundUrlLiteral(target, []), target).toBeInstanceOf(URL);
      else expect(() => checkOutboundUrlLiteral(target, []), target).toThrow(OutboundRefusedError);
    }
    for (const target of PUBLIC_TARGETS) expect(checkOutboundUrlLiteral(target, []), target).toBeInstanceOf(URL);
    expect(() => checkOutboundUrlLiteral('https://localhost:8443/push', [])).toThrow(/localhost is loopback/);
    expect(() => checkOutboundUrlLiteral('https://a.localhost/push', [])).toThrow(/loopback/);
    expect(() => checkOutboundUrlLiteral('https://2130706433/push', [])).toThrow(/127\.0\.0\.1 is loopback/);
    expect(checkOutboundUrlLiteral('https://127.0.0.1:8443/push', ['127.0.0.1']).port).toBe('8443');
    expect(() => checkOutboundUrlLiteral('https://127.0.0.2/push', ['127.0.0.1'])).toThrow(OutboundRefusedError);
  });

  it('refuses a name that does not resolve', async () => {
    await expect(checkOutboundUrl('https://nowhere.test/hook', policy)).rejects.toThrow(/could not be resolved/);
  });
});
