/** The time, injectable so route tests are exact. Domain code takes `now` as an argument instead. */
export type Clock = () => Date;
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = () => new Date();

/** A clock's time in epoch milliseconds: Date.now itself for the system clock (a hot read asks at every request). */
export function epochMillis(clock: Clock): () => number {
  return clock === systemClock ? Date.now : () => clock().getTime();
}
