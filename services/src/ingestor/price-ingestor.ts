import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { EndpointHealth } from '@xsd/contracts/api/health';
import { createEvent, TOKEN_NAMES, type ActiveNetwork, type AnyEvent, type ChainName } from '@xsd/contracts';
import { checkTick, isSurprising, settleByAgreement, type Opinion, type TickVerdict } from '@xsd/contracts/rules/tick-filter';
import { backoffDelay } from '../chains/rpc/backoff.js';
import type { ChainReader } from '../chains/rpc/chain-reader.js';
import type { ChainReaders } from '../chains/rpc/chain-readers.js';
import { readChain, readChainElsewhere, type ChainReading, type ChainReadRequest } from '../chains/rpc/chain-reads.js';
import type { EventLog } from '../event-log/event-log.js';
import type { Metrics } from '../metrics/metrics.js';
import type { IngestorStatusRepository } from '../read-models/ingestor-status/ingestor-status.repository.js';
import { priceKey, type LastAccepted } from './last-accepted.js';
import { tickEventId, tickSlot, TICK_INTERVAL_MS } from './tick-id.js';

export interface PriceIngestorOptions {
  /** A tick less than this after the previous one is skipped (spec: 10 s). */
  readonly minGapMs: number;
  /** Width of a tick slot, the time part of the deterministic ids (30 s). */
  readonly slotMs: number;
  /** Service-level retries of a failed chain (spec: max 5, base 1 s doubled, cap 30 s). */
  readonly retry: { readonly max: number; readonly baseMs: number; readonly capMs: number };
  /**
   * A chain stopped after more than `retry.max` consecutive failures is tried again after this
   * long (one tick), then after twice as long each time up to `probeStoppedMaxMs`, and resumes at
   * the first probe that reads it; null keeps it stopped until the ingestor restarts.
   */
  readonly probeStoppedEveryMs: number | null;
  readonly probeStoppedMaxMs: number;
  readonly clock: () => Date;
  /** Shown in the status rows, to tell replicas apart. */
  readonly instanceId: string;
}

export const DEFAULT_INGESTOR_OPTIONS: PriceIngestorOptions = {
  minGapMs: 10_000,
  slotMs: TICK_INTERVAL_MS,
  retry: { max: 5, baseMs: 1_000, capMs: 30_000 },
  probeStoppedEveryMs: TICK_INTERVAL_MS,
  probeStoppedMaxMs: 5 * 60_000,
  clock: () => new Date(),
  instanceId: `ingestor-${randomUUID().slice(0, 8)}`,
};

export type ChainIngestStatus = 'pending' | 'ok' | 'retrying' | 'stopped';

export interface ChainIngestState {
  readonly chain: ChainName;
  /** Each endpoint as the chain's reader judges it. */
  readonly endpoints: readonly EndpointHealth[];
  readonly status: ChainIngestStatus;
  readonly consecutiveFailures: number;
  readonly lastAttemptAt: Date | null;
  readonly lastSuccessAt: Date | null;
  readonly lastError: string | null;
}

export interface ChainTickOutcome {
  readonly chain: ChainName;
  /**
   * `partial`: the chain answered but a call inside the batch failed (reverted, no contract): the
   * other readings are stored, the failed one is in `error`. `skipped`: the chain is retrying or
   * stopped, or a read of it is still running.
   */
  readonly outcome: 'ok' | 'partial' | 'failed' | 'skipped';
  /** Events newly stored (duplicates of another replica's excluded). */
  readonly appended: number;
  readonly duplicates: number;
  readonly rejected: number;
  readonly error?: string;
}

export type TickReport =
  | { readonly skipped: 'recent' | 'in_progress' }
  | { readonly skipped: false; readonly startedAt: Date; readonly chains: readonly ChainTickOutcome[] };

interface MutableState {
  status: ChainIngestStatus;
  consecutiveFailures: number;
  lastAttemptAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  busy: boolean;
  timer: NodeJS.Timeout | null;
}

const ACTOR = { kind: 'system', id: 'ingestor' } as const;

/**
 * Reads both token prices and total supplies on every active chain, and the silver feed on
 * Ethereum, with one Multicall3 call per chain, all chains in parallel, and appends `price.ticked` /
 * `silver.ticked` with deterministic ids. A surprising reading (more than 50 % away from the last
 * accepted one, or a chain's first) is asked of the chain's other endpoints and used only when two
 * agree; readings at or below 0, and surprises nobody confirmed, are appended as `price.rejected`
 * / `silver.rejected` instead (with one endpoint, a jump is refused and a first price taken). A
 * chain that fails is retried on its own (back-off 1 s doubled, cap 30 s) and stopped after more
 * than 5 consecutive failures, then probed from one tick doubling to 5 minutes, never before one
 * of its endpoints may be asked again; the others keep ticking.
 */
export class PriceIngestor {
  readonly options: PriceIngestorOptions;
  private readonly logger = new Logger('Ingestor');
  private readonly states = new Map<ChainName, MutableState>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private lastAccepted: LastAccepted | null = null;
  private lastRunAt: number | null = null;
  private running = false;
  private stopped = false;

  constructor(
    private readonly log: EventLog,
    private readonly readers: ChainReaders,
    private readonly loadLastAccepted: (now: Date) => Promise<LastAccepted>,
    private readonly statusRepository: IngestorStatusRepository | null,
    private readonly metrics: Metrics,
    options: Partial<PriceIngestorOptions> = {},
  ) {
    this.options = { ...DEFAULT_INGESTOR_OPTIONS, ...options };
    // Every chain has a series from the start, so one that is never read shows its age (and alerts) too.
    const begun = this.options.clock().getTime() / 1000;
    for (const network of readers.networks) metrics.ingestorLastSuccess.set({ chain: network.name }, begun);
    for (const network of readers.networks) {
      this.states.set(network.name, {
        status: 'pending',
        consecutiveFailures: 0,
        lastAttemptAt: null,
        lastSuccessAt: null,
        lastError: null,
        busy: false,
        timer: null,
      });
    }
  }

  get networks(): readonly ActiveNetwork[] {
    return this.readers.networks;
  }

  /** Checks the endpoints and loads the last accepted readings (for the jump filter); called by the first tick otherwise. */
  async start(): Promise<void> {
    this.stopped = false;
    // Endpoints are known (chain id, head) before their first answer is trusted.
    await this.readers.checkedOnce();
    this.lastAccepted ??= await this.loadLastAccepted(this.options.clock());
  }

  /** Cancels pending retries and waits for reads in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const state of this.states.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
    }
    await Promise.allSettled([...this.inFlight]);
  }

  state(): ChainIngestState[] {
    return [...this.states.keys()].map((chain) => this.snapshot(chain));
  }

  private snapshot(chain: ChainName): ChainIngestState {
    const s = this.states.get(chain)!;
    return {
      chain,
      endpoints: this.readers.get(chain).health(),
      status: s.status,
      consecutiveFailures: s.consecutiveFailures,
      lastAttemptAt: s.lastAttemptAt,
      lastSuccessAt: s.lastSuccessAt,
      lastError: s.lastError,
    };
  }

  /** The price accepted last for a token and chain, or silver per gram with `'silver'`. */
  lastAcceptedPrice(key: string): number | null {
    if (!this.lastAccepted) return null;
    return key === 'silver' ? this.lastAccepted.silverPerGram : (this.lastAccepted.prices.get(key) ?? null);
  }

  /** One scheduled run: every chain that is not retrying or stopped, in parallel. */
  async tick(): Promise<TickReport> {
    const now = this.options.clock();
    if (this.running) return { skipped: 'in_progress' };
    if (this.lastRunAt !== null && now.getTime() - this.lastRunAt < this.options.minGapMs) return { skipped: 'recent' };
    this.running = true;
    this.lastRunAt = now.getTime();
    try {
      await this.start();
      const chains = await Promise.all(
        this.networks.map((network): Promise<ChainTickOutcome> => {
          const state = this.states.get(network.name)!;
          if (state.busy || state.status === 'retrying' || state.status === 'stopped') {
            return Promise.resolve({ chain: network.name, outcome: 'skipped', appended: 0, duplicates: 0, rejected: 0 });
          }
          return this.track(this.ingest(network, now));
        }),
      );
      return { skipped: false, startedAt: now, chains };
    } finally {
      this.running = false;
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => {});
    return work;
  }

  private async ingest(network: ActiveNetwork, at: Date): Promise<ChainTickOutcome> {
    const state = this.states.get(network.name)!;
    state.busy = true;
    try {
      let reading: ChainReading;
      let confirmed: boolean;
      try {
        ({ reading, confirmed } = await this.readJudged(this.readers.get(network.name), network));
      } catch (error) {
        return await this.failed(network, at, error, { appended: 0, duplicates: 0, rejected: 0 });
      }
      const { events, accepted, problems } = this.eventsFor(reading, tickSlot(at, this.options.slotMs), confirmed);
      let appended = 0;
      let duplicates = 0;
      try {
        const results = events.length > 0 ? await this.log.appendMany(events) : [];
        duplicates = results.filter((r) => r.duplicate).length;
        appended = results.length - duplicates;
      } catch (error) {
        return await this.failed(network, at, error, { appended: 0, duplicates: 0, rejected: 0 });
      }
      for (const [key, price] of accepted) this.remember(key, price);
      const refused = events.flatMap((e) => (e.type === 'price.rejected' || e.type === 'silver.rejected' ? [e.data.reason] : []));
      for (const reason of refused) this.metrics.ingestorTicksRejected.inc({ chain: network.name, reason });
      if (accepted.length > 0) this.metrics.ingestorLastSuccess.set({ chain: network.name }, this.options.clock().getTime() / 1000);
      const rejected = refused.length;
      if (problems.length > 0) {
        // The chain answered, but a contract call in the batch failed: no reading for it (never a 0),
        // reported here and in the status. Retrying at once would not change a contract's answer.
        const error = problems.join('; ');
        this.logger.warn(`${network.name}: ${error}`);
        await this.succeeded(network, at, error);
        return { chain: network.name, outcome: 'partial', appended, duplicates, rejected, error };
      }
      await this.succeeded(network, at, null);
      return { chain: network.name, outcome: 'ok', appended, duplicates, rejected };
    } finally {
      state.busy = false;
    }
  }

  /**
   * One reading of a chain, from the first endpoint judged right. A surprising one (a price the
   * filter refuses, or a chain's first) on a chain with several endpoints is asked of the others:
   * what two agree on is used (`confirmed`), and an endpoint that disagrees with it is demoted.
   * When no two agree the first reading comes back unconfirmed, for the filter to refuse.
   */
  private async readJudged(reader: ChainReader, network: ActiveNetwork): Promise<{ reading: ChainReading; confirmed: boolean }> {
    const request: ChainReadRequest = { prices: true, supplies: true };
    const reading = await readChain(reader, network, request);
    const first = this.opinionOf(reading);
    const surprising = Object.entries(first.values).some(([key, price]) => isSurprising(price, this.lastAcceptedPrice(this.keyOf(reading.chain, key))));
    if (!surprising || reader.endpoints.length < 2) return { reading, confirmed: false };
    const others = await readChainElsewhere(reader, network, request, reading.endpoint);
    const readings = [reading, ...others.readings];
    const opinions = readings.map((r) => this.opinionOf(r));
    const verdict = settleByAgreement(opinions);
    const chosen = verdict.chosen ? readings[opinions.indexOf(verdict.chosen)] : null;
    for (const outlier of verdict.outvoted) {
      const said = opinions.find((o) => o.endpoint === outlier)!;
      const reason = `outvoted: answered ${describeValues(said)} where others agreed on ${describeValues(verdict.chosen!)}`;
      reader.demote(outlier, reason);
      // Each value the outvoted endpoint read is a price not published, like a refused one.
      this.metrics.ingestorTicksRejected.inc({ chain: network.name, reason: 'outvoted' }, Object.keys(said.values).length);
      this.logger.warn(`${network.name}: an endpoint was ${reason}`);
    }
    if (!chosen) {
      const asked = others.readings.length + others.failures.length;
      this.logger.warn(`${network.name}: a surprising reading (${describeValues(first)}) was confirmed by none of ${asked} other endpoints`);
      return { reading, confirmed: false };
    }
    return { reading: chosen, confirmed: true };
  }

  /** The priced values of a reading that the filter judges: both tokens, and silver where read. */
  private opinionOf(reading: ChainReading): Opinion {
    const values: Record<string, number> = {};
    for (const token of TOKEN_NAMES) {
      const result = reading.prices![token];
      if (result.ok) values[token] = result.value;
    }
    if (reading.silver?.ok) values.silver = reading.silver.value.gramPrice;
    return { endpoint: reading.endpoint, values };
  }

  private keyOf(chain: ChainName, value: string): string {
    return value === 'silver' ? 'silver' : priceKey(chain, value as (typeof TOKEN_NAMES)[number]);
  }

  /**
   * The filter's verdict on one value. A value confirmed by a second endpoint passes the jump
   * filter (a real move); on a chain with several endpoints an unconfirmed first price is refused.
   */
  private verdictOn(price: number, last: number | null, confirmed: boolean, chain: ChainName): TickVerdict {
    const verdict = checkTick(price, last);
    if (confirmed) return verdict.accepted || verdict.reason !== 'jump' ? verdict : { accepted: true };
    if (verdict.accepted && last === null && this.readers.get(chain).endpoints.length > 1) return { accepted: false, reason: 'unconfirmed' };
    return verdict;
  }

  /** The events of one reading; calls that failed inside the batch come back as problems. */
  private eventsFor(
    reading: ChainReading,
    slot: number,
    confirmed: boolean,
  ): { events: AnyEvent[]; accepted: [string, number][]; problems: string[] } {
    const events: AnyEvent[] = [];
    const accepted: [string, number][] = [];
    const problems: string[] = [];
    const observedAt = this.options.clock().toISOString();
    const now = new Date(slot);
    const chain = reading.chain;
    const blockNumber = reading.blockNumber;
    for (const token of TOKEN_NAMES) {
      const result = reading.prices![token];
      const supply = reading.supplies?.[token];
      if (!result.ok) problems.push(result.error);
      if (supply && !supply.ok) problems.push(supply.error);
      if (!result.ok) continue;
      // A supply that could not be read leaves the tick without one (null), never a 0.
      const totalSupply = supply?.ok ? supply.value : null;
      const key = priceKey(chain, token);
      const last = this.lastAcceptedPrice(key);
      const verdict = this.verdictOn(result.value, last, confirmed, chain);
      const aggregate = `${chain}:${token}`;
      if (verdict.accepted) {
        const id = tickEventId('price.ticked', aggregate, slot);
        const data = { token, chain, price: result.value, observedAt, blockNumber, totalSupply };
        events.push(createEvent('price.ticked', data, { actor: ACTOR, now, id }));
        accepted.push([key, result.value]);
      } else {
        const id = tickEventId('price.rejected', aggregate, slot);
        const data = { token, chain, price: result.value, lastAcceptedPrice: last, reason: verdict.reason, observedAt };
        events.push(createEvent('price.rejected', data, { actor: ACTOR, now, id }));
        this.logger.warn(`${chain} ${token} price ${result.value} rejected (${verdict.reason}; last accepted ${last})`);
      }
    }
    if (reading.silver) {
      if (!reading.silver.ok) {
        problems.push(reading.silver.error);
      } else {
        const { gramPrice, ouncePrice, roundId } = reading.silver.value;
        const last = this.lastAcceptedPrice('silver');
        const verdict = this.verdictOn(gramPrice, last, confirmed, chain);
        if (verdict.accepted) {
          const id = tickEventId('silver.ticked', 'silver', slot);
          const data = { pricePerGram: gramPrice, pricePerOunce: ouncePrice, observedAt, roundId };
          events.push(createEvent('silver.ticked', data, { actor: ACTOR, now, id }));
          accepted.push(['silver', gramPrice]);
        } else {
          const id = tickEventId('silver.rejected', 'silver', slot);
          const data = { pricePerGram: gramPrice, lastAcceptedPrice: last, reason: verdict.reason, observedAt };
          events.push(createEvent('silver.rejected', data, { actor: ACTOR, now, id }));
          this.logger.warn(`silver price ${gramPrice}/g rejected (${verdict.reason}; last accepted ${last})`);
        }
      }
    }
    return { events, accepted, problems };
  }

  private remember(key: string, price: number): void {
    const last = (this.lastAccepted ??= { prices: new Map(), silverPerGram: null });
    if (key === 'silver') this.lastAccepted = { ...last, silverPerGram: price };
    else last.prices.set(key, price);
  }

  private async succeeded(network: ActiveNetwork, at: Date, partialError: string | null): Promise<void> {
    const state = this.states.get(network.name)!;
    if (state.status === 'retrying' || state.status === 'stopped') {
      this.logger.log(`${network.name} reads again after ${state.consecutiveFailures} failures`);
    }
    Object.assign(state, { status: 'ok', consecutiveFailures: 0, lastAttemptAt: at, lastSuccessAt: at, lastError: partialError });
    await this.persist(network.name);
  }

  private async failed(
    network: ActiveNetwork,
    at: Date,
    error: unknown,
    counts: { appended: number; duplicates: number; rejected: number },
  ): Promise<ChainTickOutcome> {
    const state = this.states.get(network.name)!;
    const message = error instanceof Error ? error.message : String(error);
    state.consecutiveFailures += 1;
    state.lastAttemptAt = at;
    state.lastError = message;
    const { max, baseMs, capMs } = this.options.retry;
    let retryInMs: number | null;
    if (state.consecutiveFailures > max) {
      const probes = state.consecutiveFailures - max - 1;
      if (probes === 0) this.logger.error(`${network.name} stopped after ${state.consecutiveFailures} consecutive failures: ${message}`);
      else this.logger.warn(`${network.name} still unreadable (probe ${probes}): ${message}`);
      state.status = 'stopped';
      const { probeStoppedEveryMs: first, probeStoppedMaxMs } = this.options;
      retryInMs = first === null ? null : Math.min(probeStoppedMaxMs, first * 2 ** probes);
    } else {
      state.status = 'retrying';
      retryInMs = backoffDelay(state.consecutiveFailures - 1, baseMs, capMs);
      this.logger.warn(`${network.name} failed (${state.consecutiveFailures}/${max}), retrying in ${retryInMs} ms: ${message}`);
    }
    await this.persist(network.name);
    // Scheduled once the status is stored: a retry due sooner would find this read still busy and give up.
    if (retryInMs !== null) this.schedule(network, retryInMs);
    return { chain: network.name, outcome: 'failed', error: message, ...counts };
  }

  /** Reads the chain again after `delayMs`, or later when every endpoint still rests then. */
  private schedule(network: ActiveNetwork, delayMs: number): void {
    const state = this.states.get(network.name)!;
    if (this.stopped) return;
    if (state.timer) clearTimeout(state.timer);
    const reader = this.readers.get(network.name);
    const rested = reader.nextUsableAt() - reader.options.clock();
    state.timer = setTimeout(() => {
      state.timer = null;
      if (this.stopped || state.busy) return;
      void this.track(this.ingest(network, this.options.clock())).catch((error: unknown) =>
        this.logger.error(`${network.name} retry failed unexpectedly: ${String(error)}`),
      );
    }, Math.max(delayMs, rested));
  }

  private async persist(chain: ChainName): Promise<void> {
    if (!this.statusRepository) return;
    const snapshot = this.snapshot(chain);
    if (snapshot.status === 'pending') return;
    try {
      await this.statusRepository.save(
        { ...snapshot, status: snapshot.status, instanceId: this.options.instanceId },
        this.options.clock(),
      );
    } catch (error) {
      this.logger.warn(`could not record the ${chain} status: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** `XSD 9.91, BankX 4.41`: an opinion for a log line or a demotion reason. */
function describeValues(opinion: Opinion): string {
  return Object.entries(opinion.values)
    .map(([key, value]) => `${key} ${Number(value.toPrecision(6))}`)
    .join(', ');
}
