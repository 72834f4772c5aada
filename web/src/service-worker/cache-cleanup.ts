/**
 * Caches of other versions: the worker's caches are named `<prefix>-<kind>-v<version>`; on
 * activation every cache with the product's prefix that lacks the current version goes
 * (spec section 7). Caches of other apps on the same origin are left alone.
 */
export function staleCacheNames(names: readonly string[], prefix: string, version: string): string[] {
  return names.filter((name) => name.startsWith(`${prefix}-`) && !name.includes(version));
}
