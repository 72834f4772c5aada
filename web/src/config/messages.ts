/** Messages of the spec's error catalogue (section 8) that more than one screen shows. */

/** Latest prices or the silver price could not be read (also the arbitrage page). */
export const PRICE_LOAD_FAILED_MESSAGE = 'Failed to load price data. Please try again.';
/** No points to draw. */
export const NO_CHART_DATA_MESSAGE = 'No chart data';
/** The dashboard header's note. */
export const AUTO_UPDATE_NOTE = 'Auto-updates every 2 minutes';
