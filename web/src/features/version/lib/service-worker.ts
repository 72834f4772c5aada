import { Workbox } from 'workbox-window';
import { CHECK_UPDATE, type ServiceWorkerMessage } from '../../../lib/service-worker-messages';
import { AppUpdate, UPDATE_CHECK_INTERVAL_MS, type UpdateWorker } from './app-update';

/** The worker vite-plugin-pwa builds from src/sw.ts, for the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

/** The one update flow of this page. */
export const appUpdate = new AppUpdate({
  reload: () => window.location.reload(),
  setTimer: (run, ms) => void window.setTimeout(run, ms),
});

let started = false;

/**
 * Registers `/sw.js` (once per page; production builds only: the dev server has no worker) and
 * connects it to {@link appUpdate}: the waiting worker, controller changes, and a check for a new
 * worker every 15 minutes. Failures are ignored (spec section 8): the app works without a worker.
 */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  const container = navigator.serviceWorker;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  let registration: ServiceWorkerRegistration | undefined;

  const worker: UpdateWorker = {
    controlsPage: () => container.controller !== null,
    hasWaiting: () => Boolean(registration?.waiting),
    skipWaiting: () => workbox.messageSkipWaiting(),
    checkForUpdate: () => container.controller?.postMessage({ type: CHECK_UPDATE } satisfies ServiceWorkerMessage),
  };

  // A new worker installed while this page runs on an old one (also one left waiting by an earlier visit).
  workbox.addEventListener('waiting', () => {
    if (worker.controlsPage()) appUpdate.workerWaiting();
  });
  // Only a page that was controlled reloads: the first install does not take over the open page.
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadController) appUpdate.controllerChanged();
  });

  // Known from the start, so a new version found before registration ends still gets the worker's 3 s path.
  appUpdate.attachWorker(worker);
  workbox
    .register()
    .then((registered) => {
      registration = registered;
      appUpdate.attachWorker(worker);
      window.setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_INTERVAL_MS);
    })
    .catch(() => undefined);
}
