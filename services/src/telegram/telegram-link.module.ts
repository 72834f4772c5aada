import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { OutboundModule } from '../outbound/outbound.module.js';
import { openAttemptStore } from '../rate-limit/open-attempt-store.js';
import { SIGN_IN_LIMITS } from '../staff/sign-in-budget.js';
import { TelegramClientModule } from './telegram-client.module.js';
import { TelegramLinkController } from './telegram-link.controller.js';
import { TELEGRAM_LINK_FLOOD_LIMIT, TelegramLinkFlood } from './telegram-link-flood.js';
import { TelegramLinkService } from './telegram-link.service.js';

/** 'Send to Telegram' in the API (the chats themselves are the notifier's). */
@Module({
  imports: [TelegramClientModule, OutboundModule],
  controllers: [TelegramLinkController],
  providers: [
    {
      provide: TelegramLinkFlood,
      inject: [APP_CONFIG],
      // The attempt bucket is shared with sign-in: its max age must cover both windows.
      useFactory: async (config: AppConfig) =>
        new TelegramLinkFlood(await openAttemptStore(config, Math.max(SIGN_IN_LIMITS.failureWindowMs, TELEGRAM_LINK_FLOOD_LIMIT.windowMs))),
    },
    TelegramLinkService,
  ],
})
export class TelegramLinkModule {}
