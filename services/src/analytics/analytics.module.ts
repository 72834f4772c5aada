import { Module } from '@nestjs/common';
import { AdminAnalyticsController, AnalyticsBeaconController } from './analytics.controller.js';
import { AnalyticsBuffer } from './analytics-buffer.js';
import { AnalyticsService } from './analytics.service.js';
import { BeaconLimits } from './beacon-limits.js';

/** Visitor analytics: the public beacon and the staff Analytics tab. */
@Module({
  controllers: [AnalyticsBeaconController, AdminAnalyticsController],
  providers: [AnalyticsBuffer, BeaconLimits, AnalyticsService],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
