import { type BeforeApplicationShutdown, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { Metrics } from '../metrics/metrics.js';
import { type OpsServer, startOpsServer } from './ops-server.js';
import { ReadinessService } from './readiness.service.js';

/**
 * Opens the ops listener as the modules initialise (before the role's work starts, so a port that
 * is taken fails the start in one line and nothing half runs) and closes it first on shutdown.
 * XSD_METRICS_PORT=0 leaves it off.
 */
@Injectable()
class OpsListener implements OnModuleInit, BeforeApplicationShutdown {
  private server: OpsServer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    private readonly readiness: ReadinessService,
  ) {}

  async onModuleInit(): Promise<void> {
    const { metricsHost: host, metricsPort: port } = this.config;
    if (port === 0) return;
    // Prometheus cannot call /readyz: the same answer is a gauge, which the alert rules read.
    this.metrics.addCollector(async () => {
      this.metrics.ready.set((await this.readiness.report()).status === 'ready' ? 1 : 0);
    });
    this.server = await startOpsServer({ host, port, metrics: this.metrics, readiness: () => this.readiness.report() });
    new Logger('Ops').log(`metrics and probes on http://${host}:${this.server.port} (/metrics, /livez, /readyz)`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }
}

/** The ops listener and readiness of every service role (not of one-off commands). */
@Module({ providers: [ReadinessService, OpsListener], exports: [ReadinessService] })
export class OpsModule {}
