import { describe, expect, it } from 'vitest';
import { fold } from '../../event-sourcing/decider.js';
import { type ChainSettingEvent, chainSettingDecider, type SetChainSetting } from './chain-setting.decider.js';

function when(given: readonly ChainSettingEvent[], command: SetChainSetting): readonly ChainSettingEvent[] {
  return chainSettingDecider.decide(command, fold(chainSettingDecider, given));
}

const set = (changes: SetChainSetting['data']['changes']): SetChainSetting => ({ type: 'SetChainSetting', data: { chain: 'BSC', changes } });

describe('chain setting decider', () => {
  describe('when staff never set the chain', () => {
    it('setting it records the whole setting, with no previous one', () => {
      expect(when([], set({ isActive: false, maintenanceMessage: 'Upgrade' }))).toEqual([
        {
          type: 'chain.setting-changed',
          data: { chain: 'BSC', isActive: false, displayName: null, maintenanceMessage: 'Upgrade', previous: null },
        },
      ]);
    });

    it('setting what it already is (active, default name) decides nothing', () => {
      expect(when([], set({ isActive: true, displayName: null }))).toEqual([]);
    });
  });

  describe('when the chain is in maintenance', () => {
    const inMaintenance = when([], set({ isActive: false, maintenanceMessage: 'Upgrade' }));

    it('the quick toggle turns it active and keeps the message for next time', () => {
      expect(when(inMaintenance, set({ isActive: true }))).toEqual([
        {
          type: 'chain.setting-changed',
          data: {
            chain: 'BSC',
            isActive: true,
            displayName: null,
            maintenanceMessage: 'Upgrade',
            previous: { isActive: false, displayName: null, maintenanceMessage: 'Upgrade' },
          },
        },
      ]);
    });

    it('a cleared message goes back to the default text (null)', () => {
      expect(when(inMaintenance, set({ maintenanceMessage: null }))[0].data).toMatchObject({ isActive: false, maintenanceMessage: null });
    });
  });
});
