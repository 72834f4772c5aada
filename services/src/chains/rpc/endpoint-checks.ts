import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ChainReaders } from './chain-readers.js';

/** How often every endpoint's chain id and head are asked again. */
export const ENDPOINT_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * Checks every chain's endpoints when the process starts and every few minutes after, off the
 * tick's path: an endpoint on another chain is disabled (and enabled again once it is right),
 * one behind the others is lagging, and the best known head stays current for judging reads.
 */
@Injectable()
export class EndpointChecks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Chains');
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly readers: ChainReaders) {}

  onApplicationBootstrap(): void {
    void this.readers.checkedOnce().catch((error: unknown) => this.failed(error));
    this.timer = setInterval(() => void this.readers.checkEndpoints().catch((error: unknown) => this.failed(error)), ENDPOINT_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private failed(error: unknown): void {
    this.logger.warn(`endpoint check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
