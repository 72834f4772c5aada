import { type DecidedEvent, type Decider, unreachable } from '../event-sourcing/decider.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** One staff member's dashboard preferences, stored on `xsd.preferences.<account id>`. */
export interface PreferencesState {
  readonly layout: Json | null;
  readonly widgets: Json | null;
  readonly theme: string | null;
}

export type PreferencesEvent = DecidedEvent<'preferences.saved'>;

/** Fields left undefined keep their value. */
export interface SavePreferences {
  readonly type: 'SavePreferences';
  readonly data: { readonly accountId: string; readonly changes: Partial<PreferencesState> };
}

export type PreferencesCommand = SavePreferences;

export const initialPreferencesState: PreferencesState = { layout: null, widgets: null, theme: null };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const preferencesDecider: Decider<PreferencesCommand, PreferencesEvent, PreferencesState> = {
  initialState: initialPreferencesState,

  decide(command, state) {
    switch (command.type) {
      case 'SavePreferences': {
        const { layout, widgets, theme } = command.data.changes;
        const next: PreferencesState = {
          layout: layout === undefined ? state.layout : layout,
          widgets: widgets === undefined ? state.widgets : widgets,
          theme: theme === undefined ? state.theme : theme,
        };
        if (same(next, state)) return [];
        return [{ type: 'preferences.saved', data: { accountId: command.data.accountId, ...next } }];
      }
      default:
        return unreachable(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'preferences.saved': {
        const { layout, widgets, theme } = event.data;
        return { layout: layout as Json | null, widgets: widgets as Json | null, theme };
      }
      default:
        return unreachable(event.type);
    }
  },
};
