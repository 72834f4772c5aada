import { AggregateCommand } from '../event-sourcing/aggregate-handler.js';
import type { PreferencesCommand, PreferencesState } from './preferences.decider.js';

/** On one staff member's dashboard preferences. */
export class DecidePreferences extends AggregateCommand<PreferencesCommand, PreferencesState> {}
