import type { Actor, EventType } from '@xsd/contracts';
import type { EventLog } from '../event-log/event-log.js';
import type { ProjectionProgress } from '../core/projection-progress.js';
import { type AppendedDecision, decideAndAppend, readHistory } from './aggregate-store.js';
import { type DecidedEvent, type Decider, fold } from './decider.js';

export interface DecideOnSubjectOptions<Command, Event extends DecidedEvent<EventType>, State> {
  readonly log: EventLog;
  readonly progress: ProjectionProgress;
  readonly decider: Decider<Command, Event, State>;
  readonly subject: string;
  readonly command: Command;
  readonly actor: Actor;
  readonly now: Date;
  /** The read model the caller answers from: waited for, so the answer shows the change. */
  readonly projection: string;
}

/**
 * One command on one aggregate: fold its subject, decide, append under optimistic concurrency,
 * and wait until the projection the answer is read from has caught up (read-your-writes).
 */
export async function decideOnSubject<Command, Event extends DecidedEvent<EventType>, State>(
  options: DecideOnSubjectOptions<Command, Event, State>,
): Promise<AppendedDecision & { readonly state: State }> {
  const { log, decider, subject, command } = options;
  const result = await decideAndAppend({
    log,
    actor: options.actor,
    now: options.now,
    load: async () => {
      const history = await readHistory(log, subject);
      return { history, state: fold(decider, history.events.map((stored) => stored.event as unknown as Event)) };
    },
    decide: (state) => decider.decide(command, state),
  });
  if (result.events.length > 0) await options.progress.waitFor(options.projection, result.sequence);
  return result;
}
