import { CreateChannelRequestSchema, UpdateChannelRequestSchema } from '@xsd/contracts/api/admin-channels';
import { staffResourceController } from '../staff/staff-resource.controller.js';
import { ChannelsService } from './channels.service.js';

/** The Channels tab: community channels that get breaking news, price alerts and maintenance notices. */
export class ChannelsController extends staffResourceController({
  path: 'api/admin/channels',
  permission: 'channels',
  service: ChannelsService,
  invalid: 'invalid_channel_request',
  create: CreateChannelRequestSchema,
  update: UpdateChannelRequestSchema,
  delete: true,
}) {}
