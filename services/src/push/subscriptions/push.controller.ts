import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { type PushKeyResponse, RemovePushSubscriptionRequestSchema, type RemovePushSubscriptionResponse, SavePushSubscriptionRequestSchema, type SavePushSubscriptionResponse } from '@xsd/contracts/api/push';
import type { FastifyRequest } from 'fastify';
import { readIdempotencyKey } from '../../http/idempotency-key.js';
import { parseRequest } from '../../http/validation.js';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

/** What a visitor's browser calls: the VAPID public key and its subscription (public, no cookie). */
@Controller('api/push')
export class PushController {
  constructor(private readonly subscriptions: PushSubscriptionsService) {}

  @Get('key')
  key(): PushKeyResponse {
    return this.subscriptions.publicKey();
  }

  @Post('subscriptions')
  @HttpCode(200)
  async save(@Req() request: FastifyRequest, @Body() body: unknown): Promise<SavePushSubscriptionResponse> {
    // request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
    await this.subscriptions.admit(request.ip);
    const idempotency = readIdempotencyKey(request);
    return this.subscriptions.save(parseRequest(SavePushSubscriptionRequestSchema, body, 'invalid_push_subscription'), idempotency);
  }

  @Delete('subscriptions')
  async remove(@Req() request: FastifyRequest, @Body() body: unknown): Promise<RemovePushSubscriptionResponse> {
    await this.subscriptions.admit(request.ip);
    return this.subscriptions.remove(parseRequest(RemovePushSubscriptionRequestSchema, body, 'invalid_push_subscription'));
  }
}
