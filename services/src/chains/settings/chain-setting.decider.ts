import type { ChainName, ChainSettingFields } from '@xsd/contracts';
import { changedFields } from '../../event-sourcing/changed-fields.js';
import { type DecidedEvent, type Decider, unreachable } from '../../event-sourcing/decider.js';

/** One network's staff setting, stored on `xsd.chain.<name>`; null until staff first set it. */
export type ChainSettingState = ChainSettingFields | null;

export type ChainSettingEvent = DecidedEvent<'chain.setting-changed'>;

/** The edit form (status, name, message) or the quick toggle (status alone). */
export interface SetChainSetting {
  readonly type: 'SetChainSetting';
  readonly data: { readonly chain: ChainName; readonly changes: Partial<ChainSettingFields> };
}

export type ChainSettingCommand = SetChainSetting;

/** What a chain without a setting is: active under its own name, the default banner text. */
export const DEFAULT_CHAIN_SETTING: ChainSettingFields = { isActive: true, displayName: null, maintenanceMessage: null };

export const chainSettingDecider: Decider<ChainSettingCommand, ChainSettingEvent, ChainSettingState> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'SetChainSetting': {
        const current = state ?? DEFAULT_CHAIN_SETTING;
        if (changedFields(current, command.data.changes) === null) return [];
        return [
          {
            type: 'chain.setting-changed',
            data: { chain: command.data.chain, ...current, ...stripUndefined(command.data.changes), previous: state },
          },
        ];
      }
      default:
        return unreachable(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'chain.setting-changed': {
        const { isActive, displayName, maintenanceMessage } = event.data;
        return { isActive, displayName, maintenanceMessage };
      }
      default:
        return unreachable(event.type);
    }
  },
};

function stripUndefined<T extends object>(value: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
