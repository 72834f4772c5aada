/**
 * What analytics needs from a User-Agent: is it a known bot (not counted), and is it a phone or
 * tablet (the spec's device types are only 'mobile' and 'desktop'). Deliberately tiny: substring
 * tests, no version parsing.
 */
export type DeviceType = 'mobile' | 'desktop';

/** Crawlers, link previewers, monitors and HTTP libraries: none of them is a visitor. */
const BOT = /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|discord|skype|headless|lighthouse|pingdom|uptimerobot|statuscake|curl\/|wget\/|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|node-fetch|axios\/|undici|libwww|httpclient|scrapy|phantomjs|semrush|ahrefs|mj12|dotbot|petalbot|yandex|baiduspider|duckduckgo|applebot|gptbot|ccbot|claudebot|bytespider|autocannon/i;

const MOBILE = /mobi|android|iphone|ipad|ipod|windows phone|blackberry|opera mini|silk\/|kindle|tablet/i;

/** True for a missing or empty User-Agent too: a real browser always sends one. */
export function isKnownBot(userAgent: string | null | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return BOT.test(userAgent);
}

export function deviceTypeOf(userAgent: string | null | undefined): DeviceType {
  return userAgent && MOBILE.test(userAgent) ? 'mobile' : 'desktop';
}
