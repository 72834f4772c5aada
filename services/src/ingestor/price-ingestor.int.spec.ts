import {
  DEVNET_CHAINS,
  ERC20_ABI,
  TOKEN_DECIMALS,
  type AnyEvent,
  type DevnetChainName,
  type NetworkConfig,
  type TokenName,
} from '@xsd/contracts';
import { Contract, formatUnits, JsonRpcProvider, Network } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainReaders } from '../chains/rpc/chain-readers.js';
import { maskRpcUrl } from '../chains/rpc/rpc-endpoint.js';
import type { DatabaseHandle } from '../database/database.js';
import { startDevnet, type Devnet } from '../devnet/devnet.js';
import { findFreeBasePort } from '../devnet/free-port.js';
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { EmbeddedEventLog } from '../event-log/embedded/embedded-event-log.js';
import { JetStreamEventLog } from '../event-log/jetstream/jetstream-event-log.js';
import { Metrics } from '../metrics/metrics.js';
import { CheckpointsRepository } from '../core/checkpoints.repository.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { ALL_PROJECTIONS } from '../read-models/projections.js';
import { Projector } from '../projector/projector.js';
import { IngestorStatusRepository } from '../read-models/ingestor-status/ingestor-status.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { metricValue } from '../testing/metric-values.js';
import { startRpcProxy, type RpcProxy } from '../testing/rpc-proxy.js';
import { createPgliteTestDatabase } from '../testing/test-database.js';
import { waitFor } from '../testing/wait-for.js';
import { loadLastAccepted } from './last-accepted.js';
import { PriceIngestor, type PriceIngestorOptions, type TickReport } from './price-ingestor.js';
import { tickEventId, tickSlot } from './tick-id.js';

const FAST_READS = { backoffBaseMs: 1, backoffMaxMs: 8, timeoutMs: 2_000 };

/** `totalSupply()` of a token straight from the node, through ethers rather than our own codec. */
async function chainTotalSupply(networks: readonly NetworkConfig[], chain: DevnetChainName, token: TokenName): Promise<number> {
  const network = networks.find((n) => n.name === chain)!;
  const provider = new JsonRpcProvider(network.rpcUrls[0], Network.from(network.chainId), { staticNetwork: true });
  try {
    const raw = (await new Contract(network.tokens[token]!, ERC20_ABI, provider).getFunction('totalSupply')()) as bigint;
    return Number(formatUnits(raw, TOKEN_DECIMALS));
  } finally {
    provider.destroy();
  }
}
const FAST_RETRIES = { max: 5, baseMs: 1, capMs: 30 };

describe('the price ingestor on the devnet', () => {
  let devnet: Devnet;
  let database: DatabaseHandle;
  let log: EmbeddedEventLog;
  let progress: ProjectionProgress;
  let projector: Projector;
  let statuses: IngestorStatusRepository;
  /** A clock the tests move: every tick in its own 30 s slot, from a slot boundary. */
  let now = Date.UTC(2026, 2, 2, 10, 0, 0);
  const clock = () => new Date(now);
  const nextSlot = () => (now = tickSlot(now) + 30_000);
  const ingestors: PriceIngestor[] = [];
  /** Shared by every ingestor here: tests compare counts before and after. */
  const metrics = new Metrics({ processMetrics: false });
  const count = (name: string, labels: Record<string, string>) => metricValue(metrics, name, labels);

  const newIngestor = (options: Partial<PriceIngestorOptions> = {}, networks = devnet.networks) => {
    const readModels = { prices: new PriceHistoryRepository(database), silver: new SilverPricesRepository(database) };
    const readers = new ChainReaders(networks, FAST_READS, metrics);
    const chains = readers.networks.map((n) => n.name);
    const ingestor = new PriceIngestor(log, readers, (at) => loadLastAccepted(readModels, chains, at), statuses, metrics, {
      clock,
      retry: FAST_RETRIES,
      probeStoppedEveryMs: null,
      ...options,
    });
    ingestors.push(ingestor);
    return ingestor;
  };
  const eventsAfter = async (sequence: number): Promise<AnyEvent[]> => (await log.read(sequence + 1, 10_000)).map((s) => s.event);
  const ran = (report: TickReport) => {
    if (report.skipped) throw new Error(`tick skipped: ${report.skipped}`);
    return report;
  };
  const caughtUp = async () => {
    const last = await log.lastSequence();
    await Promise.all(ALL_PROJECTIONS.map((p) => progress.waitFor(p.name, last, 10_000)));
  };

  beforeAll(async () => {
    [devnet, database] = await Promise.all([
      startDevnet({ seed: 4242, basePort: await findFreeBasePort(), simulate: false }),
      createPgliteTestDatabase(),
    ]);
    log = new EmbeddedEventLog(database.db, { pollIntervalMs: 20 });
    progress = new ProjectionProgress(new CheckpointsRepository(database));
    projector = new Projector(database, log, ALL_PROJECTIONS, progress);
    statuses = new IngestorStatusRepository(database);
    await projector.start();
  });

  afterAll(async () => {
    await Promise.all(ingestors.map((i) => i.stop()));
    await projector?.stop();
    await log?.close();
    await database?.close();
    await devnet?.stop();
  });

  it('appends one price tick per token and chain and the silver tick, with what the simulator set', async () => {
    const market = await devnet.step();
    const ingestor = newIngestor();
    const before = await log.lastSequence();
    const report = ran(await ingestor.tick());
    expect(report.chains.map((c) => [c.chain, c.outcome, c.appended])).toEqual(
      DEVNET_CHAINS.map((chain) => [chain, 'ok', chain === 'Ethereum' ? 3 : 2]),
    );
    const events = await eventsAfter(before);
    expect(events).toHaveLength(15);
    for (const chain of DEVNET_CHAINS) {
      for (const token of ['XSD', 'BankX'] as const) {
        const tick = events.find((e) => e.type === 'price.ticked' && e.data.chain === chain && e.data.token === token);
        expect(tick, `${chain} ${token}`).toMatchObject({
          id: tickEventId('price.ticked', `${chain}:${token}`, now),
          subject: `xsd.price.${chain}.${token}`,
          occurredAt: new Date(now).toISOString(),
          actor: { kind: 'system', id: 'ingestor' },
          data: { price: market.prices[chain][token], blockNumber: expect.any(Number) },
        });
      }
    }
    const silver = events.find((e) => e.type === 'silver.ticked');
    expect(silver?.data).toMatchObject({ pricePerGram: market.silverGramPrice, pricePerOunce: market.silverOuncePrice });
    expect(ingestor.state().every((s) => s.status === 'ok' && s.consecutiveFailures === 0)).toBe(true);
    await caughtUp();
    const rows = await database.db.selectFrom('price_history').select(['chain_name', 'token_name', 'price']).execute();
    expect(rows).toHaveLength(14);
    // Each chain: a price accepted at the tick's time, and its read counted ok for its node.
    for (const network of ingestor.networks) {
      expect(await count('xsd_ingestor_last_success_timestamp_seconds', { chain: network.name }), network.name).toBe(now / 1000);
      const endpoint = maskRpcUrl(network.rpcUrls[0]);
      expect(await count('xsd_ingestor_rpc_requests_total', { chain: network.name, endpoint, outcome: 'ok' })).toBeGreaterThanOrEqual(1);
      expect(await count('xsd_ingestor_rpc_duration_seconds', { chain: network.name, endpoint })).toBeGreaterThanOrEqual(1);
    }
  });

  it("carries each token's total supply, as the chain itself answers it, read in the same single eth_call per chain", async () => {
    const proxies = new Map<string, RpcProxy>();
    try {
      for (const node of devnet.nodes()) proxies.set(node.chain, await startRpcProxy(node.rpcUrl));
      const counted = devnet.networks.map((n) => (proxies.has(n.name) ? { ...n, rpcUrls: [proxies.get(n.name)!.url] } : n));
      const ingestor = newIngestor({}, counted);
      nextSlot();
      const before = await log.lastSequence();
      ran(await ingestor.tick());

      // Exactly one RPC call per chain for the tick: prices, silver, block number and supplies together.
      for (const chain of DEVNET_CHAINS) expect(proxies.get(chain)!.methods, chain).toEqual(['eth_call']);

      const ticks = (await eventsAfter(before)).filter((e) => e.type === 'price.ticked');
      expect(ticks).toHaveLength(14);
      const minted = (token: TokenName) => devnet.demoWallets.reduce((sum, wallet) => sum + wallet.balances[token], 0);
      for (const chain of DEVNET_CHAINS) {
        for (const token of ['XSD', 'BankX'] as const) {
          const onChain = await chainTotalSupply(devnet.networks, chain, token);
          expect(onChain, `${chain} ${token} on chain`).toBe(minted(token));
          const found = ticks.find((e) => e.data.chain === chain && e.data.token === token);
          expect(found?.data.totalSupply, `${chain} ${token}`).toBe(onChain);
        }
      }

      await caughtUp();
      const rows = await database.db.selectFrom('token_supply').select(['token_name', 'chain_name', 'total_supply']).execute();
      expect(rows).toHaveLength(14);
      for (const row of rows) expect(row.total_supply, `${row.chain_name} ${row.token_name}`).toBe(minted(row.token_name));
    } finally {
      await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
    }
  });

  it('stores the readings that worked and reports a call that failed inside the batch, never as 0', async () => {
    const broken = devnet.networks.map((n) => (n.name === 'Arbitrum' ? { ...n, priceController: n.tokens.XSD } : n));
    const ingestor = newIngestor({}, broken);
    nextSlot();
    const before = await log.lastSequence();
    const report = ran(await ingestor.tick());
    expect(report.chains.find((c) => c.chain === 'Arbitrum')).toEqual({
      chain: 'Arbitrum',
      outcome: 'partial',
      appended: 0,
      duplicates: 0,
      rejected: 0,
      error: 'XSD price: call reverted; BankX price: call reverted',
    });
    const events = await eventsAfter(before);
    expect(events).toHaveLength(13);
    expect(events.some((e) => 'chain' in e.data && e.data.chain === 'Arbitrum')).toBe(false);
    expect(ingestor.state().find((s) => s.chain === 'Arbitrum')).toMatchObject({
      status: 'ok',
      consecutiveFailures: 0,
      lastError: 'XSD price: call reverted; BankX price: call reverted',
    });
  });

  it('skips a tick less than 10 s after the previous one', async () => {
    const ingestor = newIngestor();
    nextSlot();
    ran(await ingestor.tick());
    now += 9_999;
    expect(await ingestor.tick()).toEqual({ skipped: 'recent' });
    now += 1;
    expect((await ingestor.tick()).skipped).toBe(false);
  });

  it('refuses a price at or below 0 or more than 50 % from the last accepted one, and records why', async () => {
    const ingestor = newIngestor();
    nextSlot();
    ran(await ingestor.tick());
    const market = devnet.market();
    const lastBankx = market.prices.BSC.BankX;
    const lastXsd = market.prices.Polygon.XSD;
    await devnet.setTokenPrice('BSC', 'BankX', Number((lastBankx * 1.6).toFixed(6)));
    await devnet.setTokenPrice('Polygon', 'XSD', 0);
    const before = await log.lastSequence();
    const jumps = await count('xsd_ingestor_ticks_rejected_total', { chain: 'BSC', reason: 'jump' });
    const zeros = await count('xsd_ingestor_ticks_rejected_total', { chain: 'Polygon', reason: 'non_positive' });
    nextSlot();
    const report = ran(await ingestor.tick());
    expect(await count('xsd_ingestor_ticks_rejected_total', { chain: 'BSC', reason: 'jump' })).toBe(jumps + 1);
    expect(await count('xsd_ingestor_ticks_rejected_total', { chain: 'Polygon', reason: 'non_positive' })).toBe(zeros + 1);
    expect(report.chains.find((c) => c.chain === 'BSC')).toMatchObject({ outcome: 'ok', appended: 2, rejected: 1 });
    const events = await eventsAfter(before);
    const rejected = events
      .filter((e) => e.type === 'price.rejected')
      .sort((x, y) => (x.data.chain < y.data.chain ? -1 : 1));
    expect(rejected.map((e) => e.data)).toEqual([
      expect.objectContaining({ chain: 'BSC', token: 'BankX', price: Number((lastBankx * 1.6).toFixed(6)), lastAcceptedPrice: lastBankx, reason: 'jump' }),
      expect.objectContaining({ chain: 'Polygon', token: 'XSD', price: 0, lastAcceptedPrice: lastXsd, reason: 'non_positive' }),
    ]);
    expect(rejected.map((e) => e.id)).toEqual([
      tickEventId('price.rejected', 'BSC:BankX', now),
      tickEventId('price.rejected', 'Polygon:XSD', now),
    ]);
    const ticked = events.filter((e) => e.type === 'price.ticked');
    expect(ticked).toHaveLength(12);
    expect(ticked.some((e) => e.data.chain === 'BSC' && e.data.token === 'BankX')).toBe(false);
    expect(ingestor.lastAcceptedPrice('BSC:BankX')).toBe(lastBankx);

    // Within 50 % of the last accepted price it is accepted again.
    await devnet.setTokenPrice('BSC', 'BankX', Number((lastBankx * 1.45).toFixed(6)));
    await devnet.setTokenPrice('Polygon', 'XSD', lastXsd);
    nextSlot();
    const after = await log.lastSequence();
    ran(await ingestor.tick());
    expect((await eventsAfter(after)).filter((e) => e.type === 'price.rejected')).toEqual([]);
  });

  it('applies the same filters to silver', async () => {
    const ingestor = newIngestor();
    nextSlot();
    ran(await ingestor.tick());
    const gram = ingestor.lastAcceptedPrice('silver')!;
    await devnet.setSilverOuncePrice(0);
    nextSlot();
    let before = await log.lastSequence();
    ran(await ingestor.tick());
    expect((await eventsAfter(before)).filter((e) => e.type.startsWith('silver'))).toEqual([
      expect.objectContaining({ type: 'silver.rejected', data: expect.objectContaining({ pricePerGram: 0, reason: 'non_positive' }) }),
    ]);
    await devnet.setSilverOuncePrice(gram * 31.1034768 * 2);
    nextSlot();
    before = await log.lastSequence();
    ran(await ingestor.tick());
    expect((await eventsAfter(before)).filter((e) => e.type.startsWith('silver'))).toEqual([
      expect.objectContaining({ type: 'silver.rejected', data: expect.objectContaining({ reason: 'jump', lastAcceptedPrice: gram }) }),
    ]);
    await devnet.setSilverOuncePrice(gram * 31.1034768);
  });

  it('stores each event once when two replicas read the same slot', async () => {
    const [a, b] = [newIngestor(), newIngestor()];
    nextSlot();
    const before = await log.lastSequence();
    const [first, second] = (await Promise.all([a.tick(), b.tick()])).map(ran);
    const events = await eventsAfter(before);
    expect(events).toHaveLength(15);
    expect(new Set(events.map((e) => e.id)).size).toBe(15);
    const total = (report: typeof first, key: 'appended' | 'duplicates') => report.chains.reduce((n, c) => n + c[key], 0);
    expect(total(first, 'appended') + total(second, 'appended')).toBe(15);
    expect(total(first, 'duplicates') + total(second, 'duplicates')).toBe(15);
  });

  it('stores each event once on JetStream when two replicas, each with its own connection, read the same slot', async () => {
    const servers = process.env.XSD_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
    const suffix = randomBytes(5).toString('hex');
    const names = { stream: `XSD_TEST_INGEST_${suffix.toUpperCase()}`, subjectPrefix: `t${suffix}.` };
    const [logA, logB] = await Promise.all([
      JetStreamEventLog.connect({ servers, ...names }),
      JetStreamEventLog.connect({ servers, ...names }),
    ]);
    try {
      const empty = async () => ({ prices: new Map<string, number>(), silverPerGram: null });
      const replica = (replicaLog: JetStreamEventLog) =>
        new PriceIngestor(replicaLog, new ChainReaders(devnet.networks, FAST_READS), empty, null, metrics, { clock, retry: FAST_RETRIES });
      const [a, b] = [replica(logA), replica(logB)];
      nextSlot();
      const reports = (await Promise.all([a.tick(), b.tick()])).map(ran);
      expect(await logA.lastSequence()).toBe(15);
      const stored = await logA.read(1, 100);
      expect(new Set(stored.map((s) => s.event.id)).size).toBe(15);
      const appended = reports.flatMap((r) => r.chains).reduce((n, c) => n + c.appended, 0);
      expect(appended).toBe(15);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await Promise.all([logA.close(), logB.close()]);
      const nc = await connect({ servers });
      await (await nc.jetstreamManager()).streams.delete(names.stream).catch(() => false);
      await nc.close();
    }
  });

  it('loads the last accepted prices from the read model when it starts', async () => {
    await caughtUp();
    const accepted = devnet.market().prices.Base.XSD;
    await devnet.setTokenPrice('Base', 'XSD', Number((accepted * 3).toFixed(6)));
    const fresh = newIngestor();
    await fresh.start();
    expect(fresh.lastAcceptedPrice('Base:XSD')).toBe(accepted);
    nextSlot();
    const before = await log.lastSequence();
    ran(await fresh.tick());
    const rejected = (await eventsAfter(before)).filter((e) => e.type === 'price.rejected');
    expect(rejected.map((e) => e.data)).toEqual([expect.objectContaining({ chain: 'Base', reason: 'jump', lastAcceptedPrice: accepted })]);
    await devnet.setTokenPrice('Base', 'XSD', accepted);
  });

  it('fails a chain whose nodes are all down on its own, retries it with back-off and stops it after more than 5 failures, while the others keep ticking', async () => {
    const chain: DevnetChainName = 'Avalanche';
    const ingestor = newIngestor();
    const endpoint = maskRpcUrl(devnet.networks.find((n) => n.name === chain)!.rpcUrls[0]);
    const refused = () => count('xsd_ingestor_rpc_requests_total', { chain, endpoint, outcome: 'unreachable' });
    const refusedBefore = await refused();
    const lastSuccess = await count('xsd_ingestor_last_success_timestamp_seconds', { chain });
    await devnet.stopNode(chain);
    try {
      nextSlot();
      const before = await log.lastSequence();
      const report = ran(await ingestor.tick());
      // No newer success for it; the others have one at this tick.
      expect(await count('xsd_ingestor_last_success_timestamp_seconds', { chain })).toBe(lastSuccess);
      expect(await count('xsd_ingestor_last_success_timestamp_seconds', { chain: 'BSC' })).toBe(now / 1000);
      expect(lastSuccess).toBeLessThan(now / 1000);
      expect(report.chains.find((c) => c.chain === chain)).toMatchObject({
        outcome: 'failed',
        error: expect.stringMatching(/^Avalanche: every RPC endpoint failed \(4 attempts\)/),
      });
      expect(report.chains.filter((c) => c.outcome === 'ok')).toHaveLength(6);
      expect((await eventsAfter(before)).filter((e) => e.type === 'price.ticked')).toHaveLength(12);

      await waitFor(() => ingestor.state().find((s) => s.chain === chain)!.status === 'stopped', {
        timeoutMs: 10_000,
        message: 'Avalanche to be stopped',
      });
      expect(ingestor.state().find((s) => s.chain === chain)).toMatchObject({ consecutiveFailures: 6, status: 'stopped' });
      // 6 reads of 4 attempts each, every one counted as a connection refused.
      expect(await refused()).toBe(refusedBefore + 6 * 4);
      await waitFor(async () => (await statuses.all()).some((s) => s.chain === chain && s.status === 'stopped'), {
        message: 'the stopped status to be recorded',
      });
      const row = (await statuses.all()).find((s) => s.chain === chain)!;
      expect(row).toMatchObject({ consecutiveFailures: 6, lastError: expect.stringContaining('every RPC endpoint failed') });

      // The others keep ticking; the stopped chain is not read any more.
      nextSlot();
      const next = ran(await ingestor.tick());
      expect(next.chains.find((c) => c.chain === chain)?.outcome).toBe('skipped');
      expect(next.chains.filter((c) => c.outcome === 'ok')).toHaveLength(6);
      expect(ingestor.state().filter((s) => s.status === 'ok')).toHaveLength(6);
    } finally {
      await devnet.startNode(chain);
    }
  });

  it('resumes a stopped chain when the periodic probe reads it again', async () => {
    const chain: DevnetChainName = 'Optimism';
    const ingestor = newIngestor({ probeStoppedEveryMs: 50 });
    await devnet.stopNode(chain);
    nextSlot();
    ran(await ingestor.tick());
    await waitFor(() => ingestor.state().find((s) => s.chain === chain)!.status === 'stopped', {
      timeoutMs: 10_000,
      message: 'Optimism to be stopped',
    });
    await devnet.startNode(chain);
    await waitFor(() => ingestor.state().find((s) => s.chain === chain)!.status === 'ok', {
      timeoutMs: 10_000,
      message: 'Optimism to read again',
    });
    expect(ingestor.state().find((s) => s.chain === chain)!.consecutiveFailures).toBe(0);
  });
});
