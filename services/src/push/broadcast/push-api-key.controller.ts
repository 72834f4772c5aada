import { Body, Controller, Get, Headers, HttpCode, Post } from '@nestjs/common';
import type { ApiKeyPermission } from '@xsd/contracts/api/admin-api-keys';
import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { PushSendRequestSchema, type PushSendResponse, type PushSubscriptionStatsResponse } from '@xsd/contracts/api/push';
import { ApiError } from '../../http/api-error.filter.js';
import { parseRequest } from '../../http/validation.js';
import { ApiKeysService } from '../../api-keys/api-keys.service.js';
import { PushStatusService } from '../status/push-status.service.js';
import { PushBroadcastService } from './push-broadcast.service.js';

/** How long a push service keeps an API-key notification for an offline device. */
const API_KEY_PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The API-key sender (the spec's send-notification function): authorised by the `x-api-key`
 * header alone, never a query string or a cookie, so a key given to a browser page cannot be
 * replayed by another site. The key is never logged.
 */
@Controller('api/push')
export class PushApiKeyController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly broadcasts: PushBroadcastService,
    private readonly status: PushStatusService,
  ) {}

  @Post('send')
  @HttpCode(200)
  async send(@Headers('x-api-key') key: string | undefined, @Body() body: unknown): Promise<PushSendResponse> {
    const apiKey = await this.authenticate(key, 'send_notifications');
    const { payload } = parseRequest(PushSendRequestSchema, body, 'invalid_push_payload');
    return this.broadcasts.broadcast({
      payload,
      source: 'api_key',
      sourceId: apiKey.id,
      actor: { kind: 'api_key', id: apiKey.id },
      // A tag names a notification that replaces the last of its kind; so does the topic.
      options: { ttlSeconds: API_KEY_PUSH_TTL_SECONDS, urgency: 'normal', ...(payload.tag ? { topic: `tag:${payload.tag}` } : {}) },
    });
  }

  @Get('subscriptions/stats')
  async stats(@Headers('x-api-key') key: string | undefined): Promise<PushSubscriptionStatsResponse> {
    await this.authenticate(key, 'read_subscriptions');
    return this.status.subscriptionStats();
  }

  private authenticate(key: string | undefined, permission: ApiKeyPermission) {
    if (!key) throw new ApiError(401, 'missing_api_key', PUSH_MESSAGES.apiKeyMissing);
    return this.keys.authenticate(key, permission);
  }
}
