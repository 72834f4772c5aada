import { Inject, Injectable } from '@nestjs/common';
import type { AnalyticsBeacon, AnalyticsResponse, AnalyticsWindow } from '@xsd/contracts/api/analytics';
import { deviceTypeOf, isKnownBot } from '@xsd/contracts/rules/user-agent';
import { CLOCK, type Clock } from '../core/clock.js';
import { AnalyticsRepository } from '../read-models/analytics/analytics.repository.js';
import { AnalyticsBuffer } from './analytics-buffer.js';
import { BeaconLimits } from './beacon-limits.js';
import { loadStatistics } from './analytics-statistics.js';

/** What the edge knows about the sender of a beacon. */
export interface BeaconSender {
  readonly userAgent: string | null;
  /** request.ip: believes X-Forwarded-For only from XSD_TRUSTED_PROXIES. */
  readonly client: string;
  /** Signed-in staff, or a browser sending DNT: 1 / Sec-GPC: 1. */
  readonly excluded: boolean;
}

@Injectable()
export class AnalyticsService {
  constructor(
    private readonly buffer: AnalyticsBuffer,
    private readonly limits: BeaconLimits,
    private readonly repository: AnalyticsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Records a beacon unless its sender is staff, a known bot, asked not to be tracked, or is over
   * its limits (the caller answers 202 either way, so a flood learns nothing).
   */
  record(beacon: AnalyticsBeacon, sender: BeaconSender): void {
    if (sender.excluded || isKnownBot(sender.userAgent)) return;
    if (!this.limits.admit(beacon.visitor_id, sender.client)) return;
    const at = this.clock().toISOString();
    if ('event_type' in beacon) {
      this.buffer.addEvent({ at, visitorId: beacon.visitor_id, eventType: beacon.event_type, eventData: beacon.event_data ?? null, page: beacon.page ?? null });
      return;
    }
    this.buffer.addVisit({
      kind: 'ended' in beacon ? 'leave' : 'view',
      at,
      page: beacon.page,
      visitorId: beacon.visitor_id,
      sessionDuration: beacon.session_duration ?? null,
      // The page's document.referrer, sent with the first view of a page load. Not the Referer
      // header: a beacon's is the page that sent it, not where the visitor came from.
      referrer: 'referrer' in beacon ? (beacon.referrer ?? null) : null,
      userAgent: sender.userAgent?.slice(0, 256) ?? null,
      deviceType: deviceTypeOf(sender.userAgent),
    });
  }

  statistics(days: AnalyticsWindow): Promise<AnalyticsResponse> {
    return loadStatistics(this.repository, this.clock(), days);
  }
}
