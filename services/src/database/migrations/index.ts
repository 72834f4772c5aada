import type { Migration } from 'kysely';
import * as eventLog from './1763683200000-EventLog.js';
import * as projectionMachinery from './1763683300000-ProjectionMachinery.js';
import * as staff from './1763683400000-Staff.js';
import * as siteContent from './1763683500000-SiteContent.js';
import * as prices from './1763683600000-Prices.js';
import * as analytics from './1763683700000-Analytics.js';
import * as pushAndPreferences from './1763683800000-PushAndPreferences.js';
import * as ingestorStatus from './1763683900000-IngestorStatus.js';
import * as staffSessionActivity from './1763684000000-StaffSessionActivity.js';
import * as tokenSupply from './1763684100000-TokenSupply.js';
import * as priceHistoryKeyedByEvent from './1763684200000-PriceHistoryKeyedByEvent.js';
import * as dropLiveFollowerConsumers from './1763684300000-DropLiveFollowerConsumers.js';
import * as activityLog from './1763684450000-ActivityLog.js';
import * as analyticsRollups from './1763684600000-AnalyticsRollups.js';
import * as pushSubscriptionRules from './1763684700000-PushSubscriptionRules.js';
import * as notifierState from './1763684800000-NotifierState.js';
import * as ingestorEndpoints from './1763684900000-IngestorEndpoints.js';
import * as silverRollupsAndPriceRetention from './1763685000000-SilverRollupsAndPriceRetention.js';
import * as communityChannels from './1763685200000-CommunityChannels.js';
import * as candleCloseProvenance from './1763685600000-CandleCloseProvenance.js';
import * as telegramAlerts from './1763685300000-TelegramAlerts.js';
import * as communityLinks from './1763685500000-CommunityLinks.js';
import * as priceReadingsCoveringIndex from './1763685700000-PriceReadingsCoveringIndex.js';

/**
 * Every migration by name, oldest first. Listed in code rather than found on disk, so the same
 * list runs from `dist/`, from the sources under vitest, and from a bundle. A new migration is a
 * new `<epochMs>-<PascalName>.ts` file plus one line here; a migration never changes once merged.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '1763683200000-EventLog': eventLog,
  '1763683300000-ProjectionMachinery': projectionMachinery,
  '1763683400000-Staff': staff,
  '1763683500000-SiteContent': siteContent,
  '1763683600000-Prices': prices,
  '1763683700000-Analytics': analytics,
  '1763683800000-PushAndPreferences': pushAndPreferences,
  '1763683900000-IngestorStatus': ingestorStatus,
  '1763684000000-StaffSessionActivity': staffSessionActivity,
  '1763684100000-TokenSupply': tokenSupply,
  '1763684200000-PriceHistoryKeyedByEvent': priceHistoryKeyedByEvent,
  '1763684300000-DropLiveFollowerConsumers': dropLiveFollowerConsumers,
  '1763684450000-ActivityLog': activityLog,
  '1763684600000-AnalyticsRollups': analyticsRollups,
  '1763684700000-PushSubscriptionRules': pushSubscriptionRules,
  '1763684800000-NotifierState': notifierState,
  '1763684900000-IngestorEndpoints': ingestorEndpoints,
  '1763685000000-SilverRollupsAndPriceRetention': silverRollupsAndPriceRetention,
  '1763685200000-CommunityChannels': communityChannels,
  '1763685300000-TelegramAlerts': telegramAlerts,
  '1763685500000-CommunityLinks': communityLinks,
  '1763685600000-CandleCloseProvenance': candleCloseProvenance,
  '1763685700000-PriceReadingsCoveringIndex': priceReadingsCoveringIndex,
};
