import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { ChannelCommand, ChannelState } from './channel.decider.js';

/** On one community channel: staff create, change and delete it; the notifier pauses it. */
export class DecideChannel extends AggregateCommand<ChannelCommand, ChannelState> {}
