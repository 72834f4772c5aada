import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { PROJECTIONS } from '../projector/projection.js';
import { ActivityRepository } from './activity/activity.repository.js';
import { AnalyticsRepository } from './analytics/analytics.repository.js';
import { ChannelDeliveriesRepository } from './channels/channel-deliveries.repository.js';
import { ChannelsRepository } from './channels/channels.repository.js';
import { ApiKeysRepository } from './api-keys/api-keys.repository.js';
import { BreakingNewsRepository } from './breaking-news/breaking-news.repository.js';
import { CalendarEventsRepository } from './calendar-events/calendar-events.repository.js';
import { ChainSettingsRepository } from './chain-settings/chain-settings.repository.js';
import { ContactSubmissionsRepository } from './contact-submissions/contact-submissions.repository.js';
import { DashboardPreferencesRepository } from './dashboard-preferences/dashboard-preferences.repository.js';
import { IngestorStatusRepository } from './ingestor-status/ingestor-status.repository.js';
import { NotifierStateRepository } from './push/notifier-state.repository.js';
import { NotifierTelegramRepository } from './push/notifier-telegram.repository.js';
import { OverviewRepository } from './overview/overview.repository.js';
import { readModelProjections } from './projections.js';
import { PriceCandlesRepository } from './price-candles/price-candles.repository.js';
import { PriceHistoryRepository } from './price-history/price-history.repository.js';
import { PushDeliveriesRepository } from './push/push-deliveries.repository.js';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository.js';
import { SilverPricesRepository } from './silver-prices/silver-prices.repository.js';
import { CommunityLinksRepository } from './community-links/community-links.repository.js';
import { SiteSettingsRepository } from './site-settings/site-settings.repository.js';
import { StaffRepository } from './staff/staff.repository.js';
import { TokenSupplyRepository } from './token-supply/token-supply.repository.js';

/** Every repository, each an injectable class over the DATABASE token; one instance of each per app. */
const REPOSITORIES = [
  ActivityRepository,
  AnalyticsRepository,
  ApiKeysRepository,
  ChannelsRepository,
  ChannelDeliveriesRepository,
  BreakingNewsRepository,
  CalendarEventsRepository,
  ChainSettingsRepository,
  ContactSubmissionsRepository,
  DashboardPreferencesRepository,
  IngestorStatusRepository,
  NotifierStateRepository,
  NotifierTelegramRepository,
  OverviewRepository,
  PriceCandlesRepository,
  PriceHistoryRepository,
  PushDeliveriesRepository,
  PushSubscriptionsRepository,
  SilverPricesRepository,
  SiteSettingsRepository,
  CommunityLinksRepository,
  StaffRepository,
  TokenSupplyRepository,
];

/**
 * The one place repositories are provided, with the projections the projector runs. Global and
 * imported beside CoreModule by every role and test app; feature services inject the ones they read.
 */
@Global()
@Module({
  providers: [
    ...REPOSITORIES,
    {
      provide: PROJECTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => readModelProjections({ rawPriceDays: config.rawPriceDays }),
    },
  ],
  exports: [...REPOSITORIES, PROJECTIONS],
})
export class ReadModelsModule {}
