import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CalendarModule } from '../calendar/calendar.module.js';
import { ChainStatusModule } from '../chains/status/chain-status.module.js';
import { HealthModule } from '../health/health.module.js';
import { LiveModule } from '../live/live.module.js';
import { NetworksModule } from '../chains/networks/networks.module.js';
import { NewsModule } from '../news/news.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { PegModule } from '../peg/peg.module.js';
import { SilverModule } from '../silver/silver.module.js';
import { PublicApiModule } from '../public-api/public-api.module.js';
import { SiteModule } from '../site/site.module.js';
import { StaffModule } from '../staff/staff.module.js';
import { WalletsModule } from '../wallets/wallets.module.js';
import { ActivityModule } from '../activity/activity.module.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { AdminChainsModule } from '../chains/settings/admin-chains.module.js';
import { OverviewModule } from '../overview/overview.module.js';
import { ProbesModule } from '../ops/probes.module.js';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { ContactModule } from '../contact/contact.module.js';
import { PushModule } from '../push/push.module.js';
import { BackupModule } from '../backup/backup.module.js';
import { TelegramLinkModule } from '../telegram/telegram-link.module.js';
import { ChannelsModule } from '../channels/channels.module.js';
import { ApiErrorFilter } from '../http/api-error.filter.js';

/** The public HTTP surface. Feature modules join here as they arrive. */
@Module({
  imports: [
    HealthModule,
    ProbesModule,
    LiveModule,
    PricesModule,
    PegModule,
    SilverModule,
    PublicApiModule,
    WalletsModule,
    StaffModule,
    SiteModule,
    NewsModule,
    CalendarModule,
    ChainStatusModule,
    NetworksModule,
    AdminChainsModule,
    ApiKeysModule,
    OverviewModule,
    PreferencesModule,
    ActivityModule,
    AnalyticsModule,
    ContactModule,
    PushModule,
    BackupModule,
    TelegramLinkModule,
    ChannelsModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: ApiErrorFilter }],
})
export class ApiModule {}
