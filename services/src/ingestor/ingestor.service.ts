import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { ChainReaders } from '../chains/rpc/chain-readers.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { Metrics } from '../metrics/metrics.js';
import { IngestorStatusRepository } from '../read-models/ingestor-status/ingestor-status.repository.js';
import { PriceHistoryRepository } from '../read-models/price-history/price-history.repository.js';
import { SilverPricesRepository } from '../read-models/silver-prices/silver-prices.repository.js';
import { loadLastAccepted } from './last-accepted.js';
import { PriceIngestor, type PriceIngestorOptions, type TickReport } from './price-ingestor.js';

export const INGESTOR_AUTOSTART = Symbol('INGESTOR_AUTOSTART');
export const INGESTOR_OPTIONS = Symbol('INGESTOR_OPTIONS');

/** Every 30 s on the clock's :00 and :30, so replicas read the same slot. */
export const INGESTOR_CRON = '*/30 * * * * *';

/** Runs the price ingestor on the schedule, from application start to shutdown. */
@Injectable()
export class IngestorService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly ingestor: PriceIngestor;
  private readonly logger = new Logger('Ingestor');
  private started = false;

  constructor(
    @Inject(EVENT_LOG) log: EventLog,
    readers: ChainReaders,
    prices: PriceHistoryRepository,
    silver: SilverPricesRepository,
    statuses: IngestorStatusRepository,
    @Inject(INGESTOR_AUTOSTART) private readonly autostart: boolean,
    @Inject(INGESTOR_OPTIONS) options: Partial<PriceIngestorOptions>,
    @Inject(CLOCK) clock: Clock,
    metrics: Metrics,
  ) {
    const chains = readers.networks.map((n) => n.name);
    const load = (now: Date) => loadLastAccepted({ prices, silver }, chains, now);
    // The application's clock unless a test gives the ingestor its own.
    this.ingestor = new PriceIngestor(log, readers, load, statuses, metrics, { clock, ...options });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.autostart) return;
    await this.ingestor.start();
    this.started = true;
    this.logger.log(`reading ${this.ingestor.networks.map((n) => n.name).join(', ')} every 30 s`);
    // The first reading now, not at the next :00 or :30.
    void this.tick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.started = false;
    await this.ingestor.stop();
  }

  @Cron(INGESTOR_CRON, { name: 'price-ingestor' })
  async onSchedule(): Promise<void> {
    if (this.started) await this.tick();
  }

  tick(): Promise<TickReport> {
    return this.ingestor.tick().catch((error: unknown) => {
      this.logger.error(`tick failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { skipped: 'in_progress' } as const;
    });
  }
}
