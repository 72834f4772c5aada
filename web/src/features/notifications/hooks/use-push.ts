import { createContext, useContext, useSyncExternalStore } from 'react';
import { getPushController, type PushController, type PushState } from '../lib/push-controller';

/** The push controller the components use: this page's own unless a test provides one. */
export const PushControllerContext = createContext<PushController | null>(null);

export function usePush(): [PushState, PushController] {
  const controller = useContext(PushControllerContext) ?? getPushController();
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  return [state, controller];
}
