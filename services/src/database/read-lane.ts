import { AsyncLocalStorage } from 'node:async_hooks';

const onLane = new AsyncLocalStorage<true>();

/**
 * Runs `read` on the PostgreSQL connections kept for reads a request is waiting on (a hot
 * answer's reload after a commit), so they never queue behind writes: under 50 writers the shared
 * pool had 30-40 queries waiting, and each news read after a staff write waited behind them.
 * Every query `read` starts, however deep, takes a lane connection. PGlite has one connection
 * and orders its queries itself: there this changes nothing.
 */
export function onReadLane<T>(read: () => Promise<T>): Promise<T> {
  return onLane.run(true, read);
}

/**
 * Runs `read` on the shared pool even when called from a lane read: a background read nobody is
 * waiting on (a series' whole read of the keys not asked for yet) must not hold one of the lane's
 * few connections; one held for minutes halved every hot answer's reloads.
 */
export function offReadLane<T>(read: () => Promise<T>): Promise<T> {
  return onLane.exit(read);
}

/** Whether the query being started was started by an onReadLane read. */
export function inReadLane(): boolean {
  return onLane.getStore() === true;
}
