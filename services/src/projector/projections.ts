import { priceCandlesProjection } from '../read-models/price-candles/price-candles.projection.js';
import { priceHistoryProjection } from '../read-models/price-history/price-history.projection.js';
import { silverPricesProjection } from '../read-models/silver-prices/silver-prices.projection.js';
import { siteSettingsProjection } from '../read-models/site-settings/site-settings.projection.js';
import { staffProjection } from '../read-models/staff/staff.projection.js';
import { tokenSupplyProjection } from '../read-models/token-supply/token-supply.projection.js';
import { activityProjection } from '../read-models/activity/activity.projection.js';
import { apiKeysProjection } from '../read-models/api-keys/api-keys.projection.js';
import { breakingNewsProjection } from '../read-models/breaking-news/breaking-news.projection.js';
import { calendarEventsProjection } from '../read-models/calendar-events/calendar-events.projection.js';
import { chainSettingsProjection } from '../read-models/chain-settings/chain-settings.projection.js';
import { dashboardPreferencesProjection } from '../read-models/dashboard-preferences/dashboard-preferences.projection.js';
import { analyticsProjection } from '../read-models/analytics/analytics.projection.js';
import { contactSubmissionsProjection } from '../read-models/contact-submissions/contact-submissions.projection.js';
import { pushDeliveriesProjection } from '../read-models/push/push-deliveries.projection.js';
import { pushSubscriptionsProjection } from '../read-models/push/push-subscriptions.projection.js';
import type { Projection } from './projection.js';

/** Every read model of the product. A new read model is a new entry here. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  priceHistoryProjection,
  priceCandlesProjection,
  silverPricesProjection,
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
];
