import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { channelsProjection } from '../read-models/channels/channels.projection.js';
import { DecideChannel } from './channel.commands.js';
import { channelDecider } from './channel.decider.js';
import { ChannelsController } from './channels.controller.js';
import { ChannelsService } from './channels.service.js';

/** Community channels: staff manage them here; the notifier delivers to them (ChannelRelay). */
@Module({
  imports: [CqrsModule.forRoot(), OutboundModule],
  controllers: [ChannelsController],
  providers: [ChannelsService, aggregateHandler(DecideChannel, { decider: channelDecider, projection: channelsProjection.name })],
})
export class ChannelsModule {}
