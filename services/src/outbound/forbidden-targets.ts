/**
 * URLs no outbound request to an address a user gave may reach, one or more per address class,
 * for the tests at save time (the channels routes) and at delivery (pinnedPost). `inward.test`
 * and `mixed.test` are names the tests' resolver answers with a loopback / a private address.
 */
export const FORBIDDEN_TARGETS: readonly string[] = [
  'https://127.0.0.1/hook',
  'https://127.1.2.3/hook',
  'https://2130706433/hook', // decimal 127.0.0.1
  'https://0177.0.0.1/hook', // octal 127.0.0.1
  'https://0x7f.0.0.1/hook', // hex
  'https://127.1/hook', // short form
  'https://0.0.0.0/hook',
  'https://10.0.0.1/hook',
  'https://172.16.5.4/hook',
  'https://172.31.255.255/hook',
  'https://192.168.1.1/hook',
  'https://169.254.169.254/latest/meta-data/', // cloud metadata
  'https://169.254.1.1/hook',
  'https://100.64.0.1/hook', // CGNAT
  'https://224.0.0.1/hook', // multicast
  'https://239.255.255.250/hook',
  'https://255.255.255.255/hook', // broadcast
  'https://240.0.0.1/hook', // reserved
  'https://198.18.0.1/hook', // benchmarking
  'https://[::1]/hook',
  'https://[::]/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456::1]/hook',
  'https://[fe80::1]/hook',
  'https://[ff02::1]/hook',
  'https://[::ffff:127.0.0.1]/hook', // IPv4-mapped
  'https://[::ffff:a9fe:a9fe]/hook', // IPv4-mapped metadata
  'https://[::ffff:10.0.0.1]/hook',
  'https://[64:ff9b::7f00:1]/hook', // NAT64 of loopback
  'https://[64:ff9b::a00:1]/hook', // NAT64 of 10.0.0.1
  'https://[2002:7f00:1::]/hook', // 6to4 of loopback
  'https://inward.test/hook', // a name resolving to loopback
  'https://mixed.test/hook', // a name with one public and one private address
  'http://203.0.113.50/hook', // not https
  'http://2130706433/hook',
  'https://user:pw@93.184.215.14/hook', // credentials
];

/** Public addresses, for the tests that check a URL is accepted. */
export const PUBLIC_TARGETS: readonly string[] = [
  'https://93.184.215.14/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://public.test/api/webhooks/1/abc',
  'https://[64:ff9b::5db8:d70e]/hook', // NAT64 of a public address
];

/** The tests' resolver: a fixed table, no network. */
export const TEST_HOSTS: Readonly<Record<string, readonly { address: string; family: 4 | 6 }[]>> = {
  'inward.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'public.test': [{ address: '93.184.215.14', family: 4 }],
  localhost: [{ address: '127.0.0.1', family: 4 }],
};

export const testResolver = async (hostname: string) => {
  const found = TEST_HOSTS[hostname];
  if (!found) throw new Error(`ENOTFOUND ${hostname}`);
  return found;
};
