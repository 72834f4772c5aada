import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Address classes an outbound request to an address a user gave must never reach: anything that
 * is not a public unicast address on the internet. One BlockList per class, so a refusal can say
 * which class it hit. IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16) addresses are judged by the IPv4 address they carry.
 */
const IPV4_CLASSES: readonly (readonly [reason: string, cidrs: readonly string[]])[] = [
  ['this network', ['0.0.0.0/8']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']],
  ['carrier-grade NAT', ['100.64.0.0/10']],
  ['loopback', ['127.0.0.0/8']],
  ['link-local (cloud metadata)', ['169.254.0.0/16']],
  ['broadcast', ['255.255.255.255/32']],
  ['reserved', ['192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4']],
  ['multicast', ['224.0.0.0/4']],
];

const IPV6_CLASSES: readonly (readonly [reason: string, cidrs: readonly string[]])[] = [
  ['unspecified', ['::/128']],
  ['loopback', ['::1/128']],
  ['unique local (private)', ['fc00::/7']],
  ['link-local', ['fe80::/10']],
  ['site-local (deprecated)', ['fec0::/10']],
  ['multicast', ['ff00::/8']],
  // Local-use NAT64, discard-only, Teredo, ORCHIDv2, documentation: none is a public host.
  ['reserved', ['64:ff9b:1::/48', '100::/64', '2001::/32', '2001:10::/28', '2001:20::/28', '2001:db8::/32', '3fff::/20']],
];

function blockLists(classes: typeof IPV4_CLASSES, type: 'ipv4' | 'ipv6'): readonly (readonly [string, BlockList])[] {
  return classes.map(([reason, cidrs]) => {
    const list = new BlockList();
    for (const cidr of cidrs) {
      const [address, prefix] = cidr.split('/');
      list.addSubnet(address, Number(prefix), type);
    }
    return [reason, list] as const;
  });
}

const IPV4_LISTS = blockLists(IPV4_CLASSES, 'ipv4');
const IPV6_LISTS = blockLists(IPV6_CLASSES, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (also one written with a dotted IPv4 tail). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === null ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16));
}

/** The IPv4 address an IPv6 one carries in its last 32 bits. */
function embeddedIpv4(groups: readonly number[]): string {
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** The IPv4 address inside an IPv6 one that carries one (mapped, compatible, NAT64, 6to4), else null. */
function carriedIpv4(groups: readonly number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; ::/128 and ::1 are judged as IPv6 first).
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return embeddedIpv4(groups);
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return embeddedIpv4(groups);
  // 2002:aabb:ccdd::/48, 6to4.
  if (groups[0] === 0x2002) return [groups[1] >> 8, groups[1] & 0xff, groups[2] >> 8, groups[2] & 0xff].join('.');
  return null;
}

/**
 * Why an IP address may not be the target of an outbound request (its class, e.g. 'loopback'),
 * or null when it is a public unicast address. Anything that is not an IP address is refused.
 */
export function forbiddenAddressReason(address: string): string | null {
  if (isIPv4(address)) {
    for (const [reason, list] of IPV4_LISTS) if (list.check(address, 'ipv4')) return reason;
    return null;
  }
  if (!isIPv6(address)) return 'not an IP address';
  const bare = address.replace(/%.*$/, '');
  for (const [reason, list] of IPV6_LISTS) if (list.check(bare, 'ipv6')) return reason;
  const groups = ipv6Groups(bare);
  const carried = carriedIpv4(groups);
  if (carried !== null) {
    const reason = forbiddenAddressReason(carried);
    if (reason !== null) return `${reason} (IPv4 ${carried} inside IPv6)`;
  }
  return null;
}
