import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import { type PreferencesEvent, preferencesDecider, type SavePreferences } from './preferences.decider.js';

const ACCOUNT = '0190a000-0000-7000-8000-0000000000d1';

function when(given: readonly PreferencesEvent[], command: SavePreferences): readonly PreferencesEvent[] {
  return preferencesDecider.decide(command, fold(preferencesDecider, given));
}

const save = (changes: SavePreferences['data']['changes']): SavePreferences => ({ type: 'SavePreferences', data: { accountId: ACCOUNT, changes } });

describe('preferences decider', () => {
  describe('when nothing was saved yet', () => {
    it('a save records the whole preferences, the rest at their defaults', () => {
      expect(when([], save({ theme: 'amber' }))).toEqual([
        { type: 'preferences.saved', data: { accountId: ACCOUNT, layout: null, widgets: null, theme: 'amber' } },
      ]);
    });

    it('saving the defaults decides nothing', () => {
      expect(when([], save({ layout: null }))).toEqual([]);
    });
  });

  describe('when preferences were saved', () => {
    const saved = when([], save({ layout: { order: ['news'] }, theme: 'amber' }));

    it('a partial save keeps the fields it does not name; null clears one', () => {
      expect(when(saved, save({ theme: null }))[0].data).toEqual({ accountId: ACCOUNT, layout: { order: ['news'] }, widgets: null, theme: null });
    });

    it('saving the same values again decides nothing', () => {
      expect(when(saved, save({ layout: { order: ['news'] } }))).toEqual([]);
    });
  });
});
