/**
 * Navigations the worker answers with the app (index.html) and those it leaves to the server:
 * the API (JSON, the SSE stream, calendar.ics), the version file, and files by name (the
 * manifest, icons, assets). Workbox matches these against the path and query of a navigation.
 */
export const SERVER_NAVIGATIONS: readonly RegExp[] = [/^\/api(\/|\?|$)/, /^\/version\.json/, /\/[^/?]+\.[A-Za-z0-9]+(\?|$)/];

export function isAppNavigation(pathAndQuery: string): boolean {
  return !SERVER_NAVIGATIONS.some((pattern) => pattern.test(pathAndQuery));
}
