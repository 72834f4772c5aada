import { describe, expect, it } from 'vitest';
import { AppUpdate, RELOAD_AFTER_CHECK_MS, RELOAD_WITHOUT_WORKER_MS, UPDATE_CHECK_INTERVAL_MS, type UpdateWorker } from './app-update';

/** A registration as the page sees it, recording the messages sent to the workers. */
class Worker implements UpdateWorker {
  readonly messages: string[] = [];
  constructor(
    public controlling: boolean,
    public waiting: boolean,
  ) {}
  controlsPage = () => this.controlling;
  hasWaiting = () => this.waiting;
  skipWaiting = () => void this.messages.push('SKIP_WAITING');
  checkForUpdate = () => void this.messages.push('CHECK_UPDATE');
}

/** Timers run by hand: the test says when time passes. */
function setup(worker: Worker | null) {
  const timers: { at: number; run: () => void }[] = [];
  let clock = 0;
  let reloads = 0;
  const update = new AppUpdate({ reload: () => (reloads += 1), setTimer: (run, ms) => void timers.push({ at: clock + ms, run }) });
  if (worker) update.attachWorker(worker);
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.filter((t) => t.at <= clock)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { update, advance, reloads: () => reloads };
}

describe('the spec timings', () => {
  it('reloads after 3 s or 1 s and checks every 15 minutes', () => {
    expect([RELOAD_AFTER_CHECK_MS, RELOAD_WITHOUT_WORKER_MS, UPDATE_CHECK_INTERVAL_MS]).toEqual([3_000, 1_000, 900_000]);
  });
});

describe('when a worker controls the page', () => {
  it('asks it to check for a new worker as soon as /version.json names a new version, and shows the notice', () => {
    const worker = new Worker(true, false);
    const { update } = setup(worker);
    update.versionChanged();
    expect(worker.messages).toEqual(['CHECK_UPDATE']);
    expect(update.getState()).toMatchObject({ versionChanged: true, workerWaiting: false });
  });

  it('shows the Update Available toast when a new worker waits, and Update tells it to skip waiting', () => {
    const worker = new Worker(true, false);
    const { update, advance, reloads } = setup(worker);
    worker.waiting = true;
    update.workerWaiting();
    expect(update.getState().workerWaiting).toBe(true);
    update.apply();
    expect(worker.messages).toEqual(['SKIP_WAITING']);
    expect(reloads()).toBe(0);
    update.controllerChanged();
    expect(reloads()).toBe(1);
    // The fallback timer does not reload a second time.
    advance(RELOAD_AFTER_CHECK_MS);
    expect(reloads()).toBe(1);
  });

  it('finds a worker already waiting from an earlier visit when it attaches', () => {
    const { update } = setup(new Worker(true, true));
    expect(update.getState().workerWaiting).toBe(true);
  });

  it('without a waiting worker, Update asks for a check and reloads after 3 s', () => {
    const worker = new Worker(true, false);
    const { update, advance, reloads } = setup(worker);
    update.versionChanged();
    update.apply();
    expect(worker.messages).toEqual(['CHECK_UPDATE', 'CHECK_UPDATE']);
    advance(RELOAD_AFTER_CHECK_MS - 1);
    expect(reloads()).toBe(0);
    advance(1);
    expect(reloads()).toBe(1);
  });

  it('activates a worker that turns up while the visitor waits for the reload', () => {
    const worker = new Worker(true, false);
    const { update, reloads } = setup(worker);
    update.apply();
    worker.waiting = true;
    update.workerWaiting();
    expect(worker.messages).toEqual(['CHECK_UPDATE', 'SKIP_WAITING']);
    update.controllerChanged();
    expect(reloads()).toBe(1);
  });

  it('reloads when another tab activated the new worker', () => {
    const { update, reloads } = setup(new Worker(true, false));
    update.controllerChanged();
    expect(reloads()).toBe(1);
  });
});

describe('when no worker controls the page', () => {
  it('reloads 1 s after Update', () => {
    const { update, advance, reloads } = setup(null);
    update.versionChanged();
    update.apply();
    advance(RELOAD_WITHOUT_WORKER_MS - 1);
    expect(reloads()).toBe(0);
    advance(1);
    expect(reloads()).toBe(1);
  });

  it('treats a registered worker that does not control this page (first visit) the same way', () => {
    const worker = new Worker(false, false);
    const { update, advance, reloads } = setup(worker);
    update.versionChanged();
    expect(worker.messages).toEqual([]);
    update.apply();
    advance(RELOAD_WITHOUT_WORKER_MS);
    expect(reloads()).toBe(1);
  });
});

describe('the notice', () => {
  it('can be put off, and comes back when a new worker is ready', () => {
    const { update } = setup(new Worker(true, false));
    update.versionChanged();
    update.dismiss();
    expect(update.getState().dismissed).toBe(true);
    update.workerWaiting();
    expect(update.getState()).toMatchObject({ dismissed: false, workerWaiting: true });
  });

  it('applies once however often Update is pressed', () => {
    const worker = new Worker(true, true);
    const { update } = setup(worker);
    update.apply();
    update.apply();
    expect(worker.messages).toEqual(['SKIP_WAITING']);
  });

  it('tells its subscribers about each change', () => {
    const { update } = setup(null);
    let calls = 0;
    const stop = update.subscribe(() => (calls += 1));
    update.versionChanged();
    stop();
    update.dismiss();
    expect(calls).toBe(1);
  });
});

describe('at startup, when the first check finds a new version', () => {
  it('with a worker controlling the page, asks it to check and reloads by itself after 3 s', () => {
    const worker = new Worker(true, false);
    const { update, advance, reloads } = setup(worker);
    update.versionChangedAtStartup();
    expect(worker.messages).toEqual(['CHECK_UPDATE']);
    expect(update.getState()).toMatchObject({ versionChanged: true, applying: true });
    advance(RELOAD_AFTER_CHECK_MS - 1);
    expect(reloads()).toBe(0);
    advance(1);
    expect(reloads()).toBe(1);
  });

  it('activates the new worker when it turns up, reloading as it takes over', () => {
    const worker = new Worker(true, false);
    const { update, advance, reloads } = setup(worker);
    update.versionChangedAtStartup();
    worker.waiting = true;
    update.workerWaiting();
    expect(worker.messages).toEqual(['CHECK_UPDATE', 'SKIP_WAITING']);
    update.controllerChanged();
    advance(RELOAD_AFTER_CHECK_MS);
    expect(reloads()).toBe(1);
  });

  it('without a worker, reloads by itself after 1 s', () => {
    const { update, advance, reloads } = setup(null);
    update.versionChangedAtStartup();
    advance(RELOAD_WITHOUT_WORKER_MS - 1);
    expect(reloads()).toBe(0);
    advance(1);
    expect(reloads()).toBe(1);
  });
});
