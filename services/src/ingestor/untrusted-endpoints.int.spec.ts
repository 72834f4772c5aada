import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../metrics/metrics.js';
import { createApiTestApp } from '../testing/api-test-app.js';
import { metricSeries, metricValue } from '../testing/metric-values.js';
import { CHAOS_CHAINS, CHAOS_SCENARIOS, CHAOS_TIMEOUT_MS, ChaosRig } from '../testing/rpc-chaos.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Every way a public endpoint misbehaves, on one endpoint of three per chain (two of three for
 * the lagging one): no wrong or lagging price is ever published, every tick publishes, a healthy
 * tick is one call per chain, and healing is seen at the next tick.
 */
describe('prices through three endpoints per chain, one misbehaving', () => {
  let rig: ChaosRig;

  beforeAll(async () => {
    rig = await ChaosRig.start();
  });

  afterAll(async () => {
    await rig?.close();
  });

  it.each(CHAOS_SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_, scenario) => {
    const figures = await rig.run(scenario);
    expect(figures.problems).toEqual([]);
    expect(figures.wrongPrices).toBe(0);
    expect(figures.laggingPrices).toBe(0);
    // Staleness at most one tick plus the read time: every tick published while one endpoint was right.
    expect(figures.staleTicks).toBe(0);
    expect(figures.maxTickMs).toBeLessThan(CHAOS_TIMEOUT_MS + 1_000);
    if (!scenario.fresh) expect(figures.healthyCallsPerTick).toBe(1);
    // At most one call per endpoint per read, plus a second opinion asked of the others once.
    expect(figures.badCallsPerTick).toBeLessThanOrEqual(3);
    // Once judged, the bad endpoint is not asked first again: one call per chain per tick.
    expect(figures.settledCallsPerTick).toBe(1);
    expect(figures.recoveryTicks).toBe(0);
    expect(figures.published).toBeGreaterThan(0);
    // The metrics tell the same story: the bad endpoint's failures by what went wrong, the liar's prices as outvoted.
    expect(figures.failureOutcomes).toEqual(scenario.judgedAs ? [scenario.judgedAs] : []);
    expect(figures.rejectedReasons).toEqual(scenario.rejectedAs ? [scenario.rejectedAs] : []);
  });

  it('outvotes a x10 endpoint on a fresh data folder: the first prices are the true ones, and the liar is demoted', async () => {
    rig.heal();
    const ingestor = rig.newIngestor();
    await ingestor.start();
    for (const chain of CHAOS_CHAINS) rig.proxies.get(chain)![0].behave({ kind: 'scaled', factor: 10 });
    try {
      const tick = await rig.tick(ingestor);
      const market = rig.devnet.market();
      const prices = tick.events.filter((e) => e.type === 'price.ticked').map((e) => [e.data.chain, e.data.token, e.data.price]);
      expect(prices.sort()).toEqual(
        CHAOS_CHAINS.flatMap((chain) => (['XSD', 'BankX'] as const).map((token) => [chain, token, market.prices[chain][token]])).sort(),
      );
      expect(tick.events.some((e) => e.type === 'price.rejected')).toBe(false);
      for (const state of ingestor.state()) {
        expect(state.endpoints[0]).toMatchObject({ state: 'demoted', reason: expect.stringMatching(/^outvoted: answered XSD/) });
        expect(state.endpoints.slice(1).map((e) => e.state)).toEqual(['ok', 'ok']);
      }
      // Demoted, it is not asked while the others answer: one call per chain again.
      const next = await rig.tick(ingestor);
      expect(next.calls).toEqual({ Ethereum: 1, BSC: 1 });
      expect(rig.proxies.get('BSC')![0].requests).toBe(0);
    } finally {
      await ingestor.stop();
      rig.heal();
    }
  });

  it('accepts a real move that two endpoints confirm, however large, instead of rejecting it forever', async () => {
    rig.heal();
    const ingestor = rig.newIngestor();
    await ingestor.start();
    try {
      await rig.tick(ingestor);
      const before = rig.devnet.market().prices.BSC.BankX;
      await rig.devnet.setTokenPrice('BSC', 'BankX', before * 3);
      const tick = await rig.tick(ingestor);
      const moved = tick.events.find((e) => e.type === 'price.ticked' && e.data.chain === 'BSC' && e.data.token === 'BankX');
      expect(moved?.data).toMatchObject({ price: rig.devnet.market().prices.BSC.BankX });
      expect(tick.events.some((e) => e.type === 'price.rejected')).toBe(false);
      // The confirmed price is the new anchor: the next tick is ordinary, one call per chain.
      const next = await rig.tick(ingestor);
      expect(next.calls).toEqual({ Ethereum: 1, BSC: 1 });
    } finally {
      await rig.devnet.setTokenPrice('BSC', 'BankX', rig.devnet.market().prices.BSC.BankX / 3);
      await ingestor.stop();
    }
  });

  it('refuses a surprise nobody confirms: a first price with the other endpoints down is not published', async () => {
    rig.heal();
    const metrics = new Metrics({ processMetrics: false });
    const ingestor = rig.newIngestor({}, {}, metrics);
    const begun = await metricSeries(metrics, 'xsd_ingestor_last_success_timestamp_seconds');
    await ingestor.start();
    for (const chain of CHAOS_CHAINS) rig.proxies.get(chain)!.slice(1).forEach((p) => p.behave({ kind: 'close' }));
    try {
      const tick = await rig.tick(ingestor);
      expect(tick.events.filter((e) => e.type === 'price.ticked' || e.type === 'silver.ticked')).toEqual([]);
      const rejected = tick.events.filter((e) => e.type === 'price.rejected' || e.type === 'silver.rejected');
      expect(rejected).toHaveLength(5);
      expect(rejected.every((e) => (e.data as { reason: string }).reason === 'unconfirmed')).toBe(true);
      const counted = await metricSeries(metrics, 'xsd_ingestor_ticks_rejected_total');
      expect(counted.map((s) => [s.labels.chain, s.labels.reason, s.value]).sort()).toEqual([
        ['BSC', 'unconfirmed', 2],
        ['Ethereum', 'unconfirmed', 3],
      ]);
      // Nothing accepted: each chain's last success is still when the ingestor began.
      expect(begun.map((s) => s.labels.chain).sort()).toEqual(['BSC', 'Ethereum']);
      expect(await metricSeries(metrics, 'xsd_ingestor_last_success_timestamp_seconds')).toEqual(begun);
      const closed = rig.proxies.get('BSC')![1].url;
      expect(await metricValue(metrics, 'xsd_ingestor_rpc_requests_total', { chain: 'BSC', endpoint: closed, outcome: 'unreachable' })).toBe(1);
    } finally {
      await ingestor.stop();
      rig.heal();
    }
  });

  it('recovers a chain whose every endpoint failed at the first retry after one answers, asking each at most once per read', async () => {
    rig.heal();
    // The real policies scaled down 150-fold: a "tick" of 200 ms, rests and probes up to 2 s ("5 minutes").
    const ingestor = rig.newIngestor(
      { retry: { max: 5, baseMs: 50, capMs: 200 }, probeStoppedEveryMs: 200, probeStoppedMaxMs: 2_000 },
      { rest: { baseMs: 50, maxMs: 2_000, retryAfterMaxMs: 60_000 }, clock: () => Date.now() },
    );
    await ingestor.start();
    const bsc = rig.proxies.get('BSC')!;
    try {
      await rig.tick(ingestor);
      bsc.forEach((p) => p.behave({ kind: 'close' }));
      await rig.tick(ingestor);
      await waitFor(() => ingestor.state().find((s) => s.chain === 'BSC')!.status === 'stopped', { timeoutMs: 10_000, message: 'BSC to stop' });
      const reads = ingestor.state().find((s) => s.chain === 'BSC')!.consecutiveFailures;
      const calls = bsc.reduce((sum, p) => sum + p.requests, 0);
      expect(calls).toBeLessThanOrEqual(3 * reads);
      expect(bsc.every((p) => p.requests <= reads)).toBe(true);

      bsc.forEach((p) => p.behave({ kind: 'pass' }));
      const healed = performance.now();
      await waitFor(() => ingestor.state().find((s) => s.chain === 'BSC')!.status === 'ok', { timeoutMs: 10_000, message: 'BSC to come back' });
      // Within the longest rest its failures had earned, never the old fixed 5 minutes (here 2 s).
      expect(performance.now() - healed).toBeLessThan(2_500);
    } finally {
      await ingestor.stop();
      rig.heal();
    }
  });

  it('shows in /api/health each endpoint\'s state and each chain\'s price age, and a chain with no new price as stale', async () => {
    rig.heal();
    let now = Date.UTC(2026, 10, 24, 13, 0, 0);
    const clock = () => new Date(now);
    const api = await createApiTestApp({
      networks: rig.networks(),
      readerOptions: { timeoutMs: CHAOS_TIMEOUT_MS },
      ingestor: { clock },
      clock,
    });
    const ethereum = rig.proxies.get('Ethereum')!;
    try {
      ethereum[0].behave({ kind: 'empty' });
      await api.ingestor!.tick();
      await api.caughtUp();
      const server = api.app.getHttpServer();
      const health = async () => (await request(server).get('/api/health').expect(200)).body;
      await waitFor(async () => (await health()).chains.items.every((c: { status: string }) => c.status === 'ok'), {
        message: 'both chains ok in /api/health',
      });
      const fresh = await health();
      const chain = fresh.chains.items.find((c: { chain: string }) => c.chain === 'Ethereum');
      expect(chain).toMatchObject({ status: 'ok', lastPriceAgeSeconds: 0 });
      expect(chain.endpoints).toEqual([
        expect.objectContaining({ endpoint: ethereum[0].url, state: 'demoted', reason: 'undecodable aggregate3 answer: empty answer' }),
        expect.objectContaining({ endpoint: ethereum[1].url, state: 'ok', reason: null }),
        expect.objectContaining({ endpoint: ethereum[2].url, state: expect.stringMatching(/^(unchecked|ok)$/) }),
      ]);
      // The application's metrics saw the same: the empty answer under its endpoint, then a price.
      const metrics = api.app.get(Metrics);
      const requests = { chain: 'Ethereum', endpoint: ethereum[0].url };
      expect(await metricValue(metrics, 'xsd_ingestor_rpc_requests_total', { ...requests, outcome: 'empty' })).toBe(1);
      expect(await metricValue(metrics, 'xsd_ingestor_last_success_timestamp_seconds', { chain: 'Ethereum' })).toBe(now / 1000);

      // Two ticks pass and nothing newer is accepted: stale, though every read of it worked.
      now += 61_000;
      const stale = await health();
      expect(stale.status).toBe('ok');
      expect(stale.chains.status).toBe('degraded');
      expect(stale.chains.items.map((c: { status: string; lastPriceAgeSeconds: number }) => [c.status, c.lastPriceAgeSeconds])).toEqual([
        ['stale', 61],
        ['stale', 61],
      ]);
    } finally {
      await api.close();
      rig.heal();
    }
  });
});
