import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../../event-sourcing/aggregate-handler.js';
import { chainSettingsProjection } from '../../read-models/chain-settings/chain-settings.projection.js';
import { DecideChainSetting } from './chain-setting.commands.js';
import { chainSettingDecider } from './chain-setting.decider.js';
import { ChainsModule } from '../rpc/chains.module.js';
import { AdminChainsController } from './admin-chains.controller.js';
import { AdminChainsService } from './admin-chains.service.js';

/** Staff set each network's status (the public read is ChainStatusModule). */
@Module({
  imports: [CqrsModule.forRoot(), ChainsModule],
  controllers: [AdminChainsController],
  providers: [
    AdminChainsService,
    aggregateHandler(DecideChainSetting, { decider: chainSettingDecider, projection: chainSettingsProjection.name }),
  ],
})
export class AdminChainsModule {}
