import { lookup } from 'node:dns/promises';
import { forbiddenAddressReason } from './forbidden-addresses.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to every address it has; tests pass their own (nothing here reaches real DNS). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * Who an outbound request to an address a user gave may reach: https on a public address only.
 * `allowHosts` (XSD_WEBHOOK_ALLOW_HOSTS, empty by default) names hosts tests may reach anyway
 * (a loopback receiver); nothing else skips the address check.
 */
export interface OutboundPolicy {
  readonly allowHosts: readonly string[];
  readonly resolve: Resolver;
}

export const OUTBOUND_URL_MESSAGE = 'URL must be an https address on the public internet';

/** Why a URL may not be reached; `reason` names the rule or address class (safe to show staff). */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  constructor(readonly reason: string) {
    super(`${OUTBOUND_URL_MESSAGE} (${reason})`);
  }
}

/** The host name did not resolve: refused, but perhaps only for now (a sender may retry it). */
export class HostUnresolvedError extends OutboundRefusedError {
  override name = 'HostUnresolvedError';
  constructor() {
    super('host name could not be resolved');
  }
}

/**
 * The URL as WHATWG parsing reads it (which turns decimal, octal, hex and short IPv4 forms into
 * dotted quads: http://2130706433 is http://127.0.0.1), if it is https with a host and no
 * credentials. Addresses are not judged here: see `resolveTarget`.
 */
export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a URL');
  }
  if (url.protocol !== 'https:') throw new OutboundRefusedError('not https');
  if (url.username !== '' || url.password !== '') throw new OutboundRefusedError('credentials in the URL');
  if (url.hostname === '') throw new OutboundRefusedError('no host');
  return url;
}

/** The URL's host without IPv6 brackets, lower case. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function isAllowed(host: string, allowHosts: readonly string[]): boolean {
  return allowHosts.some((allowed) => allowed.toLowerCase() === host);
}

/** 4 or 6 when the (bare) host is an IP address literal, else null (a name). */
function literalFamily(host: string): 4 | 6 | null {
  return /^[\d.]+$/.test(host) ? 4 : host.includes(':') ? 6 : null;
}

/**
 * The check that needs no DNS, for a URL saved by anyone at all (a push endpoint): `parseOutboundUrl`,
 * then refused when the host is `localhost` or an IP literal in a forbidden class, unless allowed.
 * A name is judged only at delivery (`resolveTarget`), so the write stays cheap.
 */
export function checkOutboundUrlLiteral(raw: string, allowHosts: readonly string[]): URL {
  const url = parseOutboundUrl(raw);
  const host = bareHostname(url);
  if (isAllowed(host, allowHosts)) return url;
  if (host === 'localhost' || host.endsWith('.localhost')) throw new OutboundRefusedError(`${host} is loopback`);
  const reason = literalFamily(host) === null ? null : forbiddenAddressReason(host);
  if (reason !== null) throw new OutboundRefusedError(`${host} is ${reason}`);
  return url;
}

/**
 * The address to connect to: the host's literal address, or every address its name resolves to,
 * each checked (one forbidden address refuses the name: DNS answers can rotate). The caller
 * connects to exactly this address, so a second lookup cannot turn the request inward.
 */
export async function resolveTarget(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  const host = bareHostname(url);
  const literal = literalFamily(host);
  let addresses: readonly ResolvedAddress[];
  if (literal !== null) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new HostUnresolvedError();
    }
    if (addresses.length === 0) throw new HostUnresolvedError();
  }
  if (!isAllowed(host, policy.allowHosts)) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason !== null) throw new OutboundRefusedError(`${host} is ${literal === null ? `${address}, ` : ''}${reason}`);
    }
  }
  return addresses[0];
}

/** Parses and checks a URL staff save (the same check runs again at each delivery). */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  const url = parseOutboundUrl(raw);
  await resolveTarget(url, policy);
  return url;
}
