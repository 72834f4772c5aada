import { VISITOR_ID_STORAGE_KEY } from '@xsd/contracts/api/analytics';
import { readRaw, writeRaw } from '../storage';
import { type Beacon, PageViewTracker } from './page-view-tracker';

const ENDPOINT = '/api/analytics';

/** DNT: 1 or Global Privacy Control: this browser is not tracked at all (the server refuses too). */
export function optedOut(nav: Navigator = navigator): boolean {
  const withGpc = nav as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || withGpc.globalPrivacyControl === true;
}

/** A random id kept in this browser; nothing in it identifies the person. */
export function visitorId(): string {
  const held = readRaw(VISITOR_ID_STORAGE_KEY);
  if (held && held.length >= 8) return held;
  const fresh = crypto.randomUUID();
  writeRaw(VISITOR_ID_STORAGE_KEY, fresh);
  return fresh;
}

/**
 * Sends by beacon, so a view ending with the page still arrives. The server takes JSON only, so
 * the body is a Blob typed application/json. A browser without sendBeacon, or a full beacon queue,
 * loses the beacon: analytics errors are ignored, as the spec says.
 */
function send(body: Beacon): void {
  try {
    navigator.sendBeacon?.(ENDPOINT, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  } catch {
    // Ignored, as above.
  }
}

let shared: PageViewTracker | null = null;

/** The one tracker of this page, or null when the visitor opted out. */
export function browserTracker(): PageViewTracker | null {
  if (typeof window === 'undefined' || optedOut()) return null;
  shared ??= new PageViewTracker({ now: () => performance.now(), visitorId, referrer: () => document.referrer || null, send });
  return shared;
}

/** A custom event (analytics_events), e.g. `trackEvent('wallet_scan', { chains: 3 })`. */
export function trackEvent(eventType: string, eventData: Record<string, string | number | boolean | null> | null = null): void {
  browserTracker()?.event(eventType, eventData);
}
