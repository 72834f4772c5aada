/**
 * What the page and the service worker (`/sw.js`, built from src/sw.ts) say to each other, and
 * the worker's cache naming (spec section 7; admin-and-data.md: cache version 1.0.5b).
 */

/** Page → waiting worker: activate now (the visitor chose Update). */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Page → active worker: look for a new `/sw.js` now instead of at the next check. */
export const CHECK_UPDATE = 'CHECK_UPDATE';

export type ServiceWorkerMessage = { readonly type: typeof SKIP_WAITING } | { readonly type: typeof CHECK_UPDATE };

/** Every cache the worker makes starts with this prefix... */
export const CACHE_PREFIX = 'silverboard';
/** ...and carries this version; caches with the prefix and another version are deleted on activation. */
export const CACHE_VERSION = '1.0.5b';
/** Workbox's cache name suffix (`silverboard-precache-v1.0.5b`). */
export const CACHE_SUFFIX = `v${CACHE_VERSION}`;

export function isServiceWorkerMessage(data: unknown): data is ServiceWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === SKIP_WAITING || type === CHECK_UPDATE;
}
