import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { channelSubject } from '@xsd/contracts';
import {
  CHANNEL_NOT_FOUND_MESSAGE,
  type ChannelKind,
  type ChannelResponse,
  type ChannelsResponse,
  channelTargetIssue,
  type CreateChannelRequestSchema,
  type CreateChannelResponse,
  type UpdateChannelRequestSchema,
} from '@xsd/contracts/api/admin-channels';
import { type DeletedResponse, ITEM_ID } from '@xsd/contracts/api/admin-content';
import type { z } from 'zod';
import type { Undated } from '../event-sourcing/aggregate-handler.js';
import { ApiError } from '../http/api-error.filter.js';
import { OUTBOUND_POLICY } from '../outbound/outbound.module.js';
import { checkOutboundUrl, OutboundRefusedError, type OutboundPolicy } from '../outbound/safe-url.js';
import { ChannelsRepository } from '../read-models/channels/channels.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { DecideChannel } from './channel.commands.js';
import type { ChannelCommand } from './channel.decider.js';
import { generateWebhookSecret } from './channel-secret.js';

/** Channels one site may hold: each message fans out to all of them. */
export const MAX_CHANNELS = 50;
const INVALID = 'invalid_channel_request';

/** The Channels tab. A webhook's secret is made here and answered once, by create. */
@Injectable()
export class ChannelsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly channels: ChannelsRepository,
    @Inject(OUTBOUND_POLICY) private readonly outbound: OutboundPolicy,
  ) {}

  async list(): Promise<ChannelsResponse> {
    return { items: await this.channels.all() };
  }

  async create(by: AuthenticatedStaff, request: z.output<typeof CreateChannelRequestSchema>): Promise<CreateChannelResponse> {
    if ((await this.channels.all()).length >= MAX_CHANNELS) throw new ApiError(409, 'too_many_channels', `At most ${MAX_CHANNELS} channels`);
    const urlOrChat = await this.checkedTarget(request.kind, request.url_or_chat);
    const channelId = randomUUID();
    const secret = request.kind === 'webhook' ? generateWebhookSecret() : null;
    await this.run(by, channelId, {
      type: 'CreateChannel',
      data: { channelId, kind: request.kind, name: request.name, urlOrChat, events: request.events, secret },
    });
    return { item: await this.read(channelId), secret };
  }

  async update(by: AuthenticatedStaff, channelId: string, request: z.output<typeof UpdateChannelRequestSchema>): Promise<ChannelResponse> {
    const target = ITEM_ID.safeParse(channelId).success ? await this.channels.target(channelId) : undefined;
    if (!target) throw notFound();
    const urlOrChat = request.url_or_chat === undefined ? undefined : await this.checkedTarget(target.kind, request.url_or_chat);
    await this.run(by, channelId, {
      type: 'UpdateChannel',
      data: { channelId, name: request.name, urlOrChat, events: request.events, paused: request.paused },
    });
    return { item: await this.read(channelId) };
  }

  async delete(by: AuthenticatedStaff, channelId: string): Promise<DeletedResponse> {
    if (!ITEM_ID.safeParse(channelId).success) throw notFound();
    await this.run(by, channelId, { type: 'DeleteChannel', data: { channelId } });
    return { deleted: channelId };
  }

  /** The address as it will be stored: a chat id as typed, a URL as WHATWG normalises it, once checked. */
  private async checkedTarget(kind: ChannelKind, value: string): Promise<string> {
    const issue = channelTargetIssue(kind, value);
    if (issue) throw new ApiError(400, INVALID, issue);
    if (kind === 'telegram') return value;
    try {
      return (await checkOutboundUrl(value, this.outbound)).href;
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new ApiError(400, INVALID, error.message);
      throw error;
    }
  }

  private async read(channelId: string) {
    const item = await this.channels.byId(channelId);
    if (!item) throw notFound();
    return item;
  }

  private async run(by: AuthenticatedStaff, channelId: string, command: Undated<ChannelCommand>): Promise<void> {
    await this.commands.execute(new DecideChannel(channelSubject(channelId), staffActor(by), command));
  }
}

const notFound = () => new ApiError(404, 'channel_not_found', CHANNEL_NOT_FOUND_MESSAGE);
