import { Module } from '@nestjs/common';
import { AdminAnalyticsController, AnalyticsBeaconController } from './analytics.controller.js';
import { AnalyticsBuffer } from './analytics-buffer.js';
import { AnalyticsService } from './analytics.service.js';

/** Visitor analytics: the public beacon and the staff Analytics tab. */
@Module({
  controllers: [AnalyticsBeaconController, AdminAnalyticsController],
  providers: [AnalyticsBuffer, AnalyticsService],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
