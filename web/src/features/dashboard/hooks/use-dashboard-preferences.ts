import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardPreferences as ServerPreferences } from '@xsd/contracts/api/preferences';
import { useCallback, useMemo } from 'react';
import { getJson, sendJson } from '../../../lib/api-client';
import { usePublicStaffSession } from '../../../lib/staff-session';
import { readRaw, useStoredJson, writeJson, writeRaw } from '../../../lib/storage';
import {
  DASHBOARD_PREFERENCES_KEY,
  defaultEntries,
  parsePreferences,
  PREFERENCE_MESSAGES,
  PREFERENCES_UPDATED_EVENT,
  toPreferences,
  type WidgetEntry,
} from '../lib/preferences';

export interface DashboardPreferencesApi {
  readonly entries: readonly WidgetEntry[];
  /** Signed-in staff keep their layout on the server; everyone else in this browser. */
  readonly signedIn: boolean;
  /** True while a signed-in member's saved layout is still being read. */
  readonly loading: boolean;
  /** The spec's load failure message (the browser's copy is shown instead), or null. */
  readonly loadError: string | null;
  /** Rejects with the spec's message when the layout could not be kept. */
  save(entries: readonly WidgetEntry[]): Promise<void>;
  /** Back to the defaults (the saved copy is cleared). */
  reset(): Promise<WidgetEntry[]>;
}

const PREFERENCES_PATH = '/api/auth/preferences';
const serverPreferencesKey = (userId: string) => ['dashboard', 'preferences', userId] as const;

function announce(): void {
  window.dispatchEvent(new CustomEvent(PREFERENCES_UPDATED_EVENT));
}

function saveInBrowser(entries: readonly WidgetEntry[]): void {
  const preferences = toPreferences(entries);
  writeJson(DASHBOARD_PREFERENCES_KEY, preferences);
  if (readRaw(DASHBOARD_PREFERENCES_KEY) !== JSON.stringify(preferences)) throw new Error(PREFERENCE_MESSAGES.saveFailed);
}

function resetInBrowser(): void {
  writeRaw(DASHBOARD_PREFERENCES_KEY, null);
  if (readRaw(DASHBOARD_PREFERENCES_KEY) !== null) throw new Error(PREFERENCE_MESSAGES.resetFailed);
}

/**
 * The dashboard layout: on the server (user_dashboard_preferences) while a staff session exists,
 * a missing row meaning the defaults; otherwise, or when the server copy cannot be read, this
 * browser's copy.
 */
export function useDashboardPreferences(): DashboardPreferencesApi {
  const staff = usePublicStaffSession();
  const queryClient = useQueryClient();
  const [browserEntries] = useStoredJson(DASHBOARD_PREFERENCES_KEY, parsePreferences);
  const userId = staff?.id ?? null;
  const server = useQuery({
    queryKey: serverPreferencesKey(userId ?? ''),
    queryFn: ({ signal }) => getJson<ServerPreferences>(PREFERENCES_PATH, { signal, cache: 'no-store' }),
    enabled: userId !== null,
    retry: false,
    staleTime: Infinity,
  });

  const keep = useCallback(
    async (request: Pick<ServerPreferences, 'layout' | 'widgets' | 'theme'>, failure: string) => {
      if (userId === null) return;
      try {
        const saved = await sendJson<ServerPreferences>('PUT', PREFERENCES_PATH, request);
        queryClient.setQueryData(serverPreferencesKey(userId), saved);
      } catch {
        throw new Error(failure);
      }
    },
    [queryClient, userId],
  );

  const save = useCallback(
    async (next: readonly WidgetEntry[]) => {
      if (userId === null) saveInBrowser(next);
      else {
        const { layout, widgets, theme } = toPreferences(next);
        await keep({ layout, widgets, theme }, PREFERENCE_MESSAGES.saveFailed);
      }
      announce();
    },
    [keep, userId],
  );

  const reset = useCallback(async () => {
    if (userId === null) resetInBrowser();
    else await keep({ layout: null, widgets: null, theme: null }, PREFERENCE_MESSAGES.resetFailed);
    announce();
    return defaultEntries();
  }, [keep, userId]);

  const serverEntries = useMemo(() => (server.data === undefined ? null : parsePreferences(server.data)), [server.data]);
  return {
    entries: userId !== null && serverEntries !== null ? serverEntries : browserEntries,
    signedIn: userId !== null,
    loading: userId !== null && server.isPending,
    loadError: userId !== null && server.isError ? PREFERENCE_MESSAGES.loadFailed : null,
    save,
    reset,
  };
}
