/** Local storage key of the last version this browser saw (spec section 3). */
export const APP_VERSION_KEY = 'app-version';

export interface VersionDecision {
  readonly updateAvailable: boolean;
  /** What to store under {@link APP_VERSION_KEY}. */
  readonly store: string;
}

/**
 * Compares the served version with the stored one: a difference means a new version, and the
 * stored value is updated. The first visit only records it. A page already running the served
 * version (a fresh load after a deploy) has nothing to update.
 */
export function evaluateVersion(stored: string | null, served: string, running: string): VersionDecision {
  if (stored === null || stored === '') return { updateAvailable: false, store: served };
  if (stored === served) return { updateAvailable: false, store: served };
  return { updateAvailable: served !== running, store: served };
}
