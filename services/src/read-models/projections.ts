import { priceCandlesProjection } from './price-candles/price-candles.projection.js';
import { priceHistoryProjectionFor } from './price-history/price-history.projection.js';
import { silverPricesProjectionFor } from './silver-prices/silver-prices.projection.js';
import { siteSettingsProjection } from './site-settings/site-settings.projection.js';
import { staffProjection } from './staff/staff.projection.js';
import { tokenSupplyProjection } from './token-supply/token-supply.projection.js';
import { activityProjection } from './activity/activity.projection.js';
import { apiKeysProjection } from './api-keys/api-keys.projection.js';
import { breakingNewsProjection } from './breaking-news/breaking-news.projection.js';
import { calendarEventsProjection } from './calendar-events/calendar-events.projection.js';
import { chainSettingsProjection } from './chain-settings/chain-settings.projection.js';
import { dashboardPreferencesProjection } from './dashboard-preferences/dashboard-preferences.projection.js';
import { analyticsProjection } from './analytics/analytics.projection.js';
import { contactSubmissionsProjection } from './contact-submissions/contact-submissions.projection.js';
import { pushDeliveriesProjection } from './push/push-deliveries.projection.js';
import { pushSubscriptionsProjection } from './push/push-subscriptions.projection.js';
import { channelsProjection } from './channels/channels.projection.js';
import { communityLinksProjection } from './community-links/community-links.projection.js';
import type { Projection } from '../projector/projection.js';
import { DEFAULT_RAW_PRICE_DAYS } from '../config/config.js';
import type { PriceRetention } from './retention.js';

/** Every read model of the product, the price ones keeping raw readings as configured. A new read model is a new entry here. */
export function readModelProjections(retention: PriceRetention): readonly Projection[] {
  return [
    priceHistoryProjectionFor(retention),
    priceCandlesProjection,
    silverPricesProjectionFor(retention),
    siteSettingsProjection,
    staffProjection,
    tokenSupplyProjection,
    breakingNewsProjection,
    calendarEventsProjection,
    chainSettingsProjection,
    apiKeysProjection,
    dashboardPreferencesProjection,
    activityProjection,
    analyticsProjection,
    contactSubmissionsProjection,
    pushSubscriptionsProjection,
    pushDeliveriesProjection,
    channelsProjection,
    communityLinksProjection,
  ];
}

/** Every read model with the default retention: names and tables, and the projectors of tests. */
export const ALL_PROJECTIONS: readonly Projection[] = readModelProjections({ rawPriceDays: DEFAULT_RAW_PRICE_DAYS });
