import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../core/clock.js';
import { Metrics } from '../metrics/metrics.js';
import { clientKey, TokenBuckets } from '../rate-limit/token-buckets.js';

/**
 * The web app sends a page view per route change and a leave beacon when the page is hidden, plus
 * a custom event after a wallet scan or a contact message: a few a minute for a person. A visitor
 * id may send 30 a minute (and 30 at once after a quiet minute); a client address 120 (a shared
 * NAT or office). Both are kept in this process: behind N API replicas a client may reach N times
 * as many, which is fine for analytics and keeps the beacon free of a round trip.
 */
export const BEACONS_PER_VISITOR_PER_MINUTE = 30;
export const BEACONS_PER_CLIENT_PER_MINUTE = 120;
/**
 * Buckets kept per kind: about 150 bytes each, so at most ~15 MB for the two, whatever ids or
 * addresses a flood makes up. Past that many spending at once, new ones wait (see TokenBuckets).
 */
const MAX_BUCKETS = 50_000;

export type BeaconDrop = 'visitor' | 'client';

/** The per-visitor and per-client limits of POST /api/analytics. */
@Injectable()
export class BeaconLimits {
  private readonly visitors = new TokenBuckets({ perMinute: BEACONS_PER_VISITOR_PER_MINUTE }, MAX_BUCKETS);
  private readonly clients = new TokenBuckets({ perMinute: BEACONS_PER_CLIENT_PER_MINUTE }, MAX_BUCKETS);

  constructor(
    private readonly metrics: Metrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Whether a beacon of `visitorId` from `client` (request.ip) may be stored; a drop is counted.
   * The client's bucket goes first, so a flood of made-up visitor ids makes visitor buckets only
   * as fast as its address may send.
   */
  admit(visitorId: string, client: string): boolean {
    const now = this.clock().getTime();
    const drop: BeaconDrop | null = !this.clients.take(clientKey(client), now) ? 'client' : !this.visitors.take(visitorId, now) ? 'visitor' : null;
    if (drop === null) return true;
    this.metrics.analyticsDroppedBeacons.inc({ reason: drop });
    return false;
  }
}
