import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { TelegramLinkRequestSchema, type TelegramLinkResponse, type TelegramStatusResponse } from '@xsd/contracts/api/telegram';
import type { FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { TelegramLinkService } from './telegram-link.service.js';

/** What the Price Alerts page calls: whether Telegram is offered, and a one-time link (public, no cookie). */
@Controller('api/alerts')
export class TelegramLinkController {
  constructor(private readonly links: TelegramLinkService) {}

  @Get('telegram')
  status(): TelegramStatusResponse {
    return this.links.status();
  }

  @Post('telegram-link')
  @HttpCode(201)
  async create(@Req() request: FastifyRequest, @Body() body: unknown): Promise<TelegramLinkResponse> {
    // request.ip believes X-Forwarded-For only from XSD_TRUSTED_PROXIES.
    await this.links.admit(request.ip);
    return this.links.create(parseRequest(TelegramLinkRequestSchema, body, 'invalid_telegram_link'));
  }
}
