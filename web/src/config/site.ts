/** Product-wide constants from the spec (section 9) and the design. */
export const PRODUCT_NAME = 'Silverboard';
export const PRODUCT_TAGLINE = 'XSD & BankX Community Dashboard';

/** Footer version when /version.json cannot be read. */
export const FOOTER_FALLBACK_VERSION = '1.0.2';
/** Guide page version when /version.json cannot be read. */
export const GUIDE_FALLBACK_VERSION = '1.0.3';

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
} as const;

/** Backend call time-out. */
export const API_TIMEOUT_MS = 10 * SECOND;

/** Default page publication date for structured data. */
export const DEFAULT_DATE_PUBLISHED = '2025-06-01';
