import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AppUpdate, UpdateState } from '../lib/app-update';
import { appUpdate } from '../lib/service-worker';

/** The update flow the components use: this page's own, or one a test provides. */
export const AppUpdateContext = createContext<AppUpdate>(appUpdate);

export function useAppUpdate(): [UpdateState, AppUpdate] {
  const update = useContext(AppUpdateContext);
  const state = useSyncExternalStore(update.subscribe, update.getState, update.getState);
  return [state, update];
}
