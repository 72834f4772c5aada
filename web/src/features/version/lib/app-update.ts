import { REFRESH, SECOND } from '../../../config/site';

/** Spec section 9: reload delays 3 s (after asking the worker) and 1 s (no worker); checks every 15 minutes. */
export const RELOAD_AFTER_CHECK_MS = 3 * SECOND;
export const RELOAD_WITHOUT_WORKER_MS = 1 * SECOND;
export const UPDATE_CHECK_INTERVAL_MS = REFRESH.version;

/** The page's view of its service worker registration (see service-worker.ts for the real one). */
export interface UpdateWorker {
  /** A worker controls this page (it was loaded through the worker). */
  controlsPage(): boolean;
  /** A new worker is installed and waiting to take over. */
  hasWaiting(): boolean;
  /** Tells the waiting worker to activate now (`SKIP_WAITING`). */
  skipWaiting(): void;
  /** Asks the active worker to look for a new `/sw.js` now (`CHECK_UPDATE`). */
  checkForUpdate(): void;
}

export interface UpdateState {
  /** /version.json names another version than this browser last saw: 'New version available!'. */
  readonly versionChanged: boolean;
  /** A new worker waits while an old one controls the page: the 'Update Available' toast. */
  readonly workerWaiting: boolean;
  /** The visitor chose Update; the page reloads shortly. */
  readonly applying: boolean;
  readonly dismissed: boolean;
}

const INITIAL: UpdateState = { versionChanged: false, workerWaiting: false, applying: false, dismissed: false };

export interface AppUpdateDeps {
  readonly reload: () => void;
  readonly setTimer: (run: () => void, ms: number) => void;
}

/**
 * The update flow of spec section 4, kept apart from React and from the browser's worker API so
 * its rules can be tested on their own:
 * - /version.json differs from the stored version → the update notice shows, and a controlling
 *   worker is asked to check for a new `/sw.js` at once (CHECK_UPDATE), so the new build is usually
 *   downloaded by the time the visitor answers;
 * - a new worker installed while an old one controls the page → the 'Update Available' toast;
 * - Update: a waiting worker is told to skip waiting and the page reloads when it takes control
 *   (controllerchange); with no waiting worker yet, the active one is asked to check (a worker that
 *   turns up meanwhile is activated at once); either way the page reloads after 3 s at the latest.
 *   With no worker controlling the page it reloads after 1 s.
 * - at startup (the first check after the page loaded) a new version is applied by itself, as if
 *   Update were chosen: the page reloads after 3 s with a worker (asked to check first), 1 s without.
 * Otherwise reloads only follow the visitor's Update (the worker is registered with `prompt`), or
 * another tab activating the new worker: this page's code would then no longer match the cache.
 */
export class AppUpdate {
  private state: UpdateState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private worker: UpdateWorker | null = null;
  private reloading = false;

  constructor(private readonly deps: AppUpdateDeps) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): UpdateState => this.state;

  attachWorker(worker: UpdateWorker): void {
    this.worker = worker;
    if (worker.controlsPage() && worker.hasWaiting()) this.workerWaiting();
  }

  versionChanged(): void {
    if (this.worker?.controlsPage() && !this.worker.hasWaiting()) this.worker.checkForUpdate();
    this.set({ versionChanged: true });
  }

  /** The first check after this page loaded found a new version: the spec applies it at once. */
  versionChangedAtStartup(): void {
    this.set({ versionChanged: true });
    this.apply();
  }

  workerWaiting(): void {
    this.set({ workerWaiting: true, dismissed: false });
    // The visitor already chose Update and was waiting for this worker.
    if (this.state.applying) this.worker?.skipWaiting();
  }

  /** The page's controller changed: a new worker took over (here or from another tab). */
  controllerChanged(): void {
    this.reload();
  }

  apply(): void {
    if (this.state.applying) return;
    this.set({ applying: true });
    const worker = this.worker;
    if (worker?.hasWaiting() || worker?.controlsPage()) {
      if (worker.hasWaiting()) worker.skipWaiting();
      else worker.checkForUpdate();
      // controllerchange normally reloads first; this is the spec's 3 s when it does not come.
      this.deps.setTimer(() => this.reload(), RELOAD_AFTER_CHECK_MS);
      return;
    }
    this.deps.setTimer(() => this.reload(), RELOAD_WITHOUT_WORKER_MS);
  }

  dismiss(): void {
    this.set({ dismissed: true });
  }

  private reload(): void {
    if (this.reloading) return;
    this.reloading = true;
    this.deps.reload();
  }

  private set(change: Partial<UpdateState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
