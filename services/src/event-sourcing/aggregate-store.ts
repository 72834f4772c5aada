import { createEvent, type Actor, type AnyEvent, type EventType } from '@xsd/contracts';
import { ConcurrencyError, type EventLog, type StoredEvent } from '../event-log/event-log.js';
import type { DecidedEvent } from './decider.js';

/** A subject's events and the sequence of its last one (0 when empty): what a decision rests on. */
export interface SubjectHistory {
  readonly subject: string;
  readonly events: readonly StoredEvent[];
  readonly version: number;
}

export async function readHistory(log: EventLog, subject: string): Promise<SubjectHistory> {
  const events = await log.readSubject(subject);
  return { subject, events, version: events.at(-1)?.sequence ?? 0 };
}

export interface AppendDecisionOptions {
  readonly actor: Actor;
  readonly now: Date;
}

export interface AppendedDecision {
  readonly events: readonly AnyEvent[];
  /** Sequence of the last appended event; the history's version when nothing was decided. */
  readonly sequence: number;
}

/**
 * Appends what a decider decided, each event on the condition that nobody appended to the subject
 * since the history was read (ConcurrencyError otherwise; the caller reloads or reports it).
 */
export async function appendDecision(
  log: EventLog,
  history: SubjectHistory,
  decided: readonly DecidedEvent<EventType>[],
  { actor, now }: AppendDecisionOptions,
): Promise<AppendedDecision> {
  let expected = history.version;
  const events: AnyEvent[] = [];
  for (const { type, data } of decided) {
    const event = createEvent(type, data as never, { actor, now }) as AnyEvent;
    if (event.subject !== history.subject) {
      throw new Error(`A decision on ${history.subject} produced ${event.type} for ${event.subject}`);
    }
    const result = await log.append(event, { expectedSubjectSequence: expected });
    expected = result.sequence;
    events.push(event);
  }
  return { events, sequence: expected };
}

export interface DecideAndAppendOptions<State> {
  readonly log: EventLog;
  /** Reads the subject (and whatever else the state folds in) afresh. */
  readonly load: () => Promise<{ readonly history: SubjectHistory; readonly state: State }>;
  /** The decision on that state; may prepare inputs first (a password check, say). Throws to refuse. */
  readonly decide: (state: State) => Promise<readonly DecidedEvent<EventType>[]> | readonly DecidedEvent<EventType>[];
  readonly actor: Actor;
  readonly now: Date;
  /** Tries in all when someone else appended in between (default 3). */
  readonly attempts?: number;
}

/**
 * Load, decide, append under optimistic concurrency. When the subject moved on in between, the
 * decision is made again on the new state: the rules are checked against what is really there,
 * and a racing duplicate (two schedulers, say) finds nothing left to do.
 */
export async function decideAndAppend<State>(options: DecideAndAppendOptions<State>): Promise<AppendedDecision & { readonly state: State }> {
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const { history, state } = await options.load();
    const decided = await options.decide(state);
    try {
      const appended = await appendDecision(options.log, history, decided, options);
      return { ...appended, state };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= attempts) throw error;
    }
  }
}
