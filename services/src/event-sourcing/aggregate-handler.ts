import { Inject, type Type } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor, EventType } from '@xsd/contracts';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { ProjectionProgress } from '../core/projection-progress.js';
import { type AppendedDecision, decideAndAppend, readHistory, type SubjectHistory } from './aggregate-store.js';
import { type DecidedEvent, type Decider, fold } from './decider.js';

/** A decider's command as its sender writes it: the handler adds `metadata.now` from the one clock. */
export type Undated<C> = C extends unknown ? Omit<C, 'metadata'> : never;

/**
 * The decider's command, or a step that makes it from the state the decision rests on (a password
 * checked against the stored hash), taken again if the decision is retried.
 */
export type CommandInput<C, S> = Undated<C> | ((state: S) => Promise<Undated<C>>);

/** What the decision rests on: the subject's history (its version guards the append) and the state. */
export interface LoadedAggregate<S> {
  readonly history: SubjectHistory;
  readonly state: S;
}

/** What a command answers: the events appended (none when nothing changed) and the state they were decided on. */
export type Decided<S> = AppendedDecision & { readonly state: S };

/** One command on one aggregate, sent on the CommandBus. Each aggregate names its own subclass. */
export abstract class AggregateCommand<C, S> extends Command<Decided<S>> {
  constructor(
    readonly subject: string,
    readonly actor: Actor,
    readonly input: CommandInput<C, S>,
    /** False for system commands whose sender reads nothing back: no wait for the read model. */
    readonly waitForReadModel = true,
  ) {
    super();
  }
}

/** An aggregate's wiring: its decider, the read model answers come from, and (if not its subject alone) how it loads. */
export interface Aggregate<C, E extends DecidedEvent<EventType>, S> {
  readonly decider: Decider<C, E, S>;
  /** Waited for after each command, so the sender's answer shows the change (read-your-writes). */
  readonly projection?: string;
  /** What a decision rests on; by default the subject's own events, folded. */
  readonly load?: (log: EventLog, subject: string) => Promise<LoadedAggregate<S>>;
}

/**
 * The one command path: load the aggregate, decide with its decider (time from the clock), append
 * under optimistic concurrency (deciding again on the new state when the subject moved on), and
 * wait until the aggregate's read model has caught up. Registered per aggregate with `aggregateHandler`.
 */
export class AggregateHandler<C, E extends DecidedEvent<EventType>, S> {
  constructor(
    private readonly aggregate: Aggregate<C, E, S>,
    private readonly log: EventLog,
    private readonly clock: Clock,
    /** Null where nothing reads the aggregate's read model back (the notifier). */
    private readonly progress: ProjectionProgress | null,
  ) {}

  async execute(command: AggregateCommand<C, S>): Promise<Decided<S>> {
    const result = await decideOnSubject(this.aggregate, this.log, command, this.clock());
    const { projection } = this.aggregate;
    if (projection && command.waitForReadModel && this.progress) await this.progress.waitFor(projection, result.sequence);
    return result;
  }
}

async function decideOnSubject<C, E extends DecidedEvent<EventType>, S>(
  { decider, load }: Aggregate<C, E, S>,
  log: EventLog,
  { subject, actor, input }: AggregateCommand<C, S>,
  now: Date,
): Promise<Decided<S>> {
  return decideAndAppend({
    log,
    actor,
    now,
    load: () => (load ? load(log, subject) : loadSubject(decider, log, subject)),
    decide: async (state) => {
      const command = typeof input === 'function' ? await input(state) : input;
      return decider.decide({ ...command, metadata: { now } } as C, state);
    },
  });
}

/** The subject's own events folded with the decider. */
export async function loadSubject<S>(
  decider: Pick<Decider<never, never, S>, 'initialState' | 'evolve'>,
  log: EventLog,
  subject: string,
): Promise<LoadedAggregate<S>> {
  const history = await readHistory(log, subject);
  return { history, state: fold(decider, history.events.map((stored) => stored.event as never)) };
}

/** The CommandBus handler of one aggregate's command: the provider a module lists for it. */
export function aggregateHandler<C, E extends DecidedEvent<EventType>, S>(
  command: Type<AggregateCommand<C, S>>,
  aggregate: Aggregate<C, E, S>,
): Type<ICommandHandler<AggregateCommand<C, S>, Decided<S>>> {
  @CommandHandler(command)
  class Handler extends AggregateHandler<C, E, S> implements ICommandHandler<AggregateCommand<C, S>, Decided<S>> {
    constructor(@Inject(EVENT_LOG) log: EventLog, @Inject(CLOCK) clock: Clock, @Inject(ProjectionProgress) progress: ProjectionProgress) {
      super(aggregate, log, clock, progress);
    }
  }
  Object.defineProperty(Handler, 'name', { value: `${command.name}Handler` });
  return Handler;
}
