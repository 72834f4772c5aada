import { stripVTControlCharacters } from 'node:util';
import type { LatestPrice, LatestPricesResponse, SilverLatestResponse } from '@xsd/contracts/api/prices';
import { DEVNET_DEMO_WALLETS } from '@xsd/contracts/chains/profiles';
import { formatUsd } from '@xsd/contracts/rules/format';
import { findFreeBasePort } from '@xsd/services/devnet/free-port';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnXsd, xsd } from '../testing/run-xsd.js';

const SEVEN_CHAINS = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];
const FIRST_ANVIL_ACCOUNT = DEVNET_DEMO_WALLETS[0].address;

describe('xsd against a running stack on the devnet: prices, silver, scan', () => {
  let stack: RunningStack;
  let env: Record<string, string>;

  const api = async <T>(path: string): Promise<T> => (await fetch(`${stack.url}${path}`)).json() as Promise<T>;

  /**
   * Runs `read` between two reads of the API and retries while a tick changed the API in between:
   * once both reads agree, the CLI must have seen exactly that.
   */
  async function betweenStableReads<T, R>(path: string, read: () => R): Promise<{ api: T; result: R }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await api<T>(path);
      const result = read();
      const after = await api<T>(path);
      if (JSON.stringify(before) === JSON.stringify(after)) return { api: after, result };
    }
    throw new Error(`${path} kept changing during the CLI run`);
  }

  beforeAll(async () => {
    stack = await startStack();
    env = { XSD_API_URL: stack.url, XSD_CONFIG_DIR: '/nonexistent/xsd-e2e' };
    await waitFor(
      async () => {
        const latest = await api<LatestPricesResponse>('/api/prices/latest');
        const silver = await fetch(`${stack.url}/api/silver/latest`);
        return latest.items.length === 14 && latest.items.every((i) => i.price !== null) && silver.ok;
      },
      { timeoutMs: 90_000, intervalMs: 500, message: 'the first prices of every chain and silver' },
    );
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('prints the same prices as GET /api/prices/latest with --json, with the deviation from silver', async () => {
    const { api: latest, result: run } = await betweenStableReads<LatestPricesResponse, ReturnType<typeof xsd>>('/api/prices/latest', () =>
      xsd(['prices', '--json'], env),
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as { items: (LatestPrice & { deviation_from_silver: number | null })[]; silver: { price_per_gram: number } };
    expect(printed.items.map(({ deviation_from_silver: _, ...row }) => row)).toEqual(latest.items);
    expect(printed.items.map((i) => `${i.token_name} ${i.chain_name}`)).toEqual([
      ...SEVEN_CHAINS.map((c) => `XSD ${c}`),
      ...SEVEN_CHAINS.map((c) => `BankX ${c}`),
    ]);
    for (const item of printed.items) {
      if (item.token_name === 'BankX') expect(item.deviation_from_silver).toBeNull();
      else expect(item.deviation_from_silver).toBeCloseTo(((item.price! - printed.silver.price_per_gram) / printed.silver.price_per_gram) * 100, 9);
    }
  });

  it('prints the table as plain text without colours when piped, with the API prices', async () => {
    const { api: latest, result: run } = await betweenStableReads<LatestPricesResponse, ReturnType<typeof xsd>>('/api/prices/latest', () =>
      xsd(['prices'], { ...env, FORCE_COLOR: '1' }),
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(stripVTControlCharacters(run.stdout));
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^TOKEN\s+CHAIN\s+PRICE\s+24H\s+VS SILVER\s+UPDATED$/);
    latest.items.forEach((item, i) => {
      const cells = lines[i + 1].split(/\s{2,}/);
      expect(cells.slice(0, 3)).toEqual([item.token_name, item.chain_name, formatUsd(item.price)]);
    });
    expect(run.stdout).toMatch(/^Silver \$\d+\.\d{4} per gram$/m);
  });

  it('filters by token and chain, any case', () => {
    const run = xsd(['prices', '--token', 'bankx', '--chain', 'base', '--json'], env);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { items: LatestPrice[] }).items.map((i) => `${i.token_name} ${i.chain_name}`)).toEqual(['BankX Base']);
  });

  it('refuses an unknown token as bad usage, in one line', () => {
    const run = xsd(['prices', '--token', 'DOGE'], env);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("xsd: Unknown token 'DOGE': expected XSD or BankX\n");
    expect(run.stdout).toBe('');
  });

  it('prints the silver price per gram of GET /api/silver/latest with its milestones', async () => {
    const { api: silver, result: run } = await betweenStableReads<SilverLatestResponse, ReturnType<typeof xsd>>('/api/silver/latest', () =>
      xsd(['silver', '--json'], env),
    );
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as SilverLatestResponse & { milestones: { target: number; status: string }[]; progress_percent: number };
    expect(printed).toMatchObject(silver);
    expect(printed.milestones.map((m) => m.target)).toEqual([1.1, 1.2, 1.3, 1.4, 1.5]);
    expect(printed.progress_percent).toBeCloseTo((silver.price_per_gram / 1.5) * 100, 9);

    const text = xsd(['silver'], env);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^Price per gram\s+\$\d+\.\d{4}$/m);
    expect(text.stdout).toMatch(/^ {2}\$1\.10\s+(Achieved|Next Goal)$/m);
  });

  it('scans the first anvil account: both tokens on all seven chains, with the analysis', () => {
    const run = xsd(['scan', FIRST_ANVIL_ACCOUNT, '--json'], env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const scan = JSON.parse(run.stdout);
    expect(scan.chains.map((c: { chain: string; status: string }) => [c.chain, c.status])).toEqual(SEVEN_CHAINS.map((c) => [c, 'ok']));
    expect(scan.balances.map((b: { token: string; chain: string; balance: number }) => `${b.token} ${b.chain} ${b.balance}`).sort()).toEqual(
      SEVEN_CHAINS.flatMap((c) => [`XSD ${c} 10`, `BankX ${c} 250`]).sort(),
    );
    expect(scan.failed_chains).toEqual([]);
    expect(scan.analysis).toMatchObject({
      holdings_tier: 'Holder',
      allocation: { basis: 'value', balances: { XSD: 70, BankX: 1750 } },
      diversification_label: 'good',
      risk_label: expect.stringMatching(/^(Conservative|Balanced|Aggressive)$/),
      advice: expect.any(String),
    });
    expect(scan.analysis.peg_deviation).toHaveLength(7);
  });

  it('writes the CSV with the spec columns, and the plain report with per-chain progress', () => {
    const csv = xsd(['scan', FIRST_ANVIL_ACCOUNT, '--csv'], env);
    expect(csv.status).toBe(0);
    const rows = csv.stdout.trimEnd().split('\n');
    expect(rows[0]).toBe('Token,Chain,Balance,Value (USD)');
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 3).join(',')).sort()).toEqual(
      SEVEN_CHAINS.flatMap((c) => [`XSD,${c},10`, `BankX,${c},250`]).sort(),
    );
    for (const row of rows.slice(1)) expect(row).toMatch(/,\d+\.\d{2,8}$/);

    const text = xsd(['scan', FIRST_ANVIL_ACCOUNT], env);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('Scanning Networks... 7 networks');
    for (const chain of SEVEN_CHAINS) expect(text.stdout).toMatch(new RegExp(`^${chain}\\s+ok\\s+10 XSD, 250 BankX$`, 'm'));
    expect(text.stdout).toMatch(/^Holdings tier\s+Holder \(70 XSD\)$/m);
    expect(text.stdout).toMatch(/^Risk score\s+\d+ \/ 100 (Conservative|Balanced|Aggressive)$/m);
    expect(text.stdout).toMatch(/^Advice\s+Your portfolio /m);
  });

  it('reads the chains directly with --rpc and finds the same balances', () => {
    const run = xsd(['scan', FIRST_ANVIL_ACCOUNT.toLowerCase(), '--rpc', '--json'], {
      ...env,
      XSD_NETWORK_PROFILE: 'devnet',
      XSD_DEVNET_BASE_PORT: String(stack.devnetBasePort),
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const scan = JSON.parse(run.stdout);
    expect(scan.address).toBe(FIRST_ANVIL_ACCOUNT);
    expect(scan.chains.map((c: { chain: string }) => c.chain)).toEqual(SEVEN_CHAINS);
    expect(scan.balances).toHaveLength(14);
    expect(scan.balances.every((b: { price: number | null }) => b.price !== null && b.price > 0)).toBe(true);
    expect(scan.silver_price_per_gram).toBeGreaterThan(0);
  });

  it('refuses an invalid address as bad usage, before any call', () => {
    const run = xsd(['scan', '0x1234'], { ...env, XSD_API_URL: 'http://127.0.0.1:9' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('xsd: Invalid wallet address: expected 0x followed by 40 hexadecimal characters\n');
  });

  it('says in one line when the server cannot be reached', async () => {
    const closed = await findFreeBasePort(1);
    const run = xsd(['prices', '--json', '--api', `http://127.0.0.1:${closed}`], env);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `xsd: Cannot reach the Silverboard API at http://127.0.0.1:${closed} (connection refused). Is it running? Start it with 'make start' or point --api / XSD_API_URL at it.\n`,
    );
  });

  it('follows the live stream with --watch until interrupted, then exits 0', async () => {
    const child = spawnXsd(['prices', '--watch', '--json', '--token', 'XSD'], env);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(() => out.split('\n').some((line) => line.includes('"type":"price"')), {
        timeoutMs: 90_000,
        intervalMs: 100,
        message: 'a live price tick',
      });
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(err).toBe('');
    const events = out.trim().split('\n').map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> });
    expect(events[0].type).toBe('snapshot');
    expect(events.some((e) => e.type === 'status' && e.data.status === 'live')).toBe(true);
    const ticks = events.filter((e) => e.type === 'price');
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.every((e) => e.data.token_name === 'XSD')).toBe(true);
  });
});
