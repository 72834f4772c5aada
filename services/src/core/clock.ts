/** The time, injectable so route tests are exact. Domain code takes `now` as an argument instead. */
export type Clock = () => Date;
export const CLOCK = Symbol('CLOCK');
export const systemClock: Clock = () => new Date();
