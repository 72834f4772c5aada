/** Product-wide constants from the spec (section 9) and the design. */
export const PRODUCT_NAME = 'Silverboard';
export const PRODUCT_TAGLINE = 'XSD & BankX Community Dashboard';

/** Footer version when /version.json cannot be read. */
export const FOOTER_FALLBACK_VERSION = '1.0.2';

/** Below this width the menu is a slide-in drawer. */
export const MOBILE_BREAKPOINT_PX = 1024;

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;

export const REFRESH = {
  news: 5 * MINUTE,
  upcomingEvents: 30 * MINUTE,
  alertBadge: 60 * SECOND,
  version: 15 * MINUTE,
  maintenance: 60 * SECOND,
  /** Dashboard prices (the header's 'auto-updates every 2 minutes'). */
  prices: 2 * MINUTE,
  /** Daily and 24h history. */
  history: 5 * MINUTE,
  silverChart: 60 * SECOND,
  /** The Portfolio Scanner's silver price (its XSD peg values). */
  scannerSilver: 30 * SECOND,
  /** The silver tracker's service status card. */
  statusCard: 5 * SECOND,
} as const;

/** How long a read stays fresh before a new view refetches it. */
export const CACHE = {
  latestPrices: 30 * SECOND,
  tokenHistory: 5 * MINUTE,
  silverHistory: 5 * MINUTE,
  silverLatest: 30 * SECOND,
} as const;

/** Price history fetches run in batches of 4 chains with 100 ms pauses. */
export const HISTORY_BATCH = { size: 4, pauseMs: 100 } as const;

/**
 * The external swap page of the token project's trading app ('Buy XSD', arbitrage cards, the
 * system check). Build configuration (`VITE_SWAP_URL`); the spec does not name it.
 */
export const SWAP_URL = import.meta.env.VITE_SWAP_URL || 'https://app.bankx.io/swap';

/** Backend call time-out. */
export const API_TIMEOUT_MS = 10 * SECOND;

/** Default page publication date for structured data. */
export const DEFAULT_DATE_PUBLISHED = '2025-06-01';

/** The guide page's version and build date when /version.json cannot be read (spec §2, §9). */
export const GUIDE_FALLBACK_VERSION = '1.0.3';
export const GUIDE_FALLBACK_BUILD_DATE = 'Unknown';

/** The about page's statement of how often data refresh (spec §1; the dashboard says 2 minutes). */
export const ABOUT_REFRESH_MINUTES = 5;
