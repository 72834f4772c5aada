import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { ContactCommand, ContactState } from './contact.decider.js';

/** On one contact submission: sent by a visitor; read, archived, answered or deleted by staff. */
export class DecideContact extends AggregateCommand<ContactCommand, ContactState> {}
