import { AggregateCommand } from '../../event-sourcing/aggregate-handler.js';
import type { ChainSettingCommand, ChainSettingState } from './chain-setting.decider.js';

/** On one network's settings (active, display name, maintenance message). */
export class DecideChainSetting extends AggregateCommand<ChainSettingCommand, ChainSettingState> {}
