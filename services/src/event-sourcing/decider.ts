import type { EventData, EventType } from '@xsd/contracts';

/**
 * An event as a decider sees it: its type and data, without the envelope. `decide` returns these;
 * the command handler wraps them (actor, time, id) and appends them. `evolve` gets stored events,
 * which have this shape too.
 */
export type DecidedEvent<T extends EventType = EventType> = {
  [K in T]: { readonly type: K; readonly data: EventData<K> };
}[T];

/**
 * An aggregate's pure rules (the Emmett shape): `decide` answers a command with the events it
 * causes, or throws a DecisionError; `evolve` folds one event into the state. Neither reads the
 * clock, the database or the network: time and anything looked up come in with the command.
 */
export interface Decider<Command, Event, State> {
  readonly initialState: State;
  decide(command: Command, state: State): readonly Event[];
  evolve(state: State, event: Event): State;
}

export function fold<Event, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, events: readonly Event[]): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/** `unprocessable`: a well-formed request the rules cannot take as sent (an idempotency key reused for another body). */
export type DecisionFailure = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'unprocessable';

/** A command refused by the rules, with the message the user reads. The API maps `kind` to a status. */
export class DecisionError extends Error {
  override name = 'DecisionError';
  constructor(
    readonly kind: DecisionFailure,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** For the exhaustive switches of deciders. */
export function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
