/**
 * What this browser can do about web push, read once from the page: the Notification, service
 * worker and Push APIs, iOS and its version, whether the app runs installed (standalone), Brave.
 * The decisions are pure functions of these facts, so they are tested without a browser.
 */
import { type DeviceFacts, isIosDevice, readDeviceFacts, runsStandalone } from '../../../lib/device';

export interface BrowserFacts extends DeviceFacts {
  readonly hostname: string;
  /** Opened from the Home Screen / as an installed app. */
  readonly standalone: boolean;
  readonly hasNotification: boolean;
  readonly hasServiceWorker: boolean;
  readonly hasPushManager: boolean;
  /** Brave exposes `navigator.brave`. */
  readonly brave: boolean;
}

/**
 * - `available`: Enable asks for permission and subscribes;
 * - `ios-install`: an iPhone or iPad in a browser tab: web push needs the app on the Home Screen
 *   (iOS 16.4+), so Enable opens the 4-step iPhone guide (spec section 4);
 * - `unsupported`: 'Notifications are not supported in this browser';
 * - `preview-host`: push is off on preview sandbox hosts (admin-and-data.md).
 */
export type PushAvailability = 'available' | 'ios-install' | 'unsupported' | 'preview-host';

/**
 * Preview sandboxes of online editors and hosted dev environments. Their pages run under the
 * sandbox's origin, often framed, so a subscription made there would register the preview with
 * the real notifier: push stays off on them. Matched as the hostname or a subdomain of it.
 */
export const PREVIEW_SANDBOX_DOMAINS = [
  'lovableproject.com',
  'webcontainer.io',
  'webcontainer-api.io',
  'stackblitz.io',
  'csb.app',
  'codesandbox.io',
  'app.github.dev',
  'gitpod.io',
  'replit.dev',
] as const;

export function isPreviewSandboxHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PREVIEW_SANDBOX_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The iOS version from the user agent ('OS 16_4 like Mac OS X'), or null when it does not say. */
export function iosVersion(userAgent: string): { readonly major: number; readonly minor: number } | null {
  const match = /\bOS (\d+)_(\d+)(?:_\d+)? like Mac OS X/.exec(userAgent);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/** Web push on iOS needs 16.4 or newer; an unknown version is given the benefit of the doubt. */
export function iosSupportsPush(userAgent: string): boolean {
  const version = iosVersion(userAgent);
  return version === null || version.major > 16 || (version.major === 16 && version.minor >= 4);
}

export function pushAvailability(facts: BrowserFacts): PushAvailability {
  if (isPreviewSandboxHost(facts.hostname)) return 'preview-host';
  if (isIosDevice(facts) && !facts.standalone) return 'ios-install';
  if (!facts.hasNotification || !facts.hasServiceWorker || !facts.hasPushManager) return 'unsupported';
  return 'available';
}

export function readBrowserFacts(): BrowserFacts {
  return {
    ...readDeviceFacts(),
    hostname: window.location.hostname,
    standalone: runsStandalone(),
    hasNotification: typeof Notification !== 'undefined',
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: typeof PushManager !== 'undefined',
    brave: (navigator as Navigator & { readonly brave?: unknown }).brave !== undefined,
  };
}
