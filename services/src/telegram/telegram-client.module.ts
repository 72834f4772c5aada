import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { TelegramSender } from './telegram-sender.js';

/** The process's one TelegramSender (one pacer for all it sends), or null without XSD_TELEGRAM_BOT_TOKEN. */
export const TELEGRAM_SENDER = Symbol('TELEGRAM_SENDER');

/** For every role that talks to the Bot API: the notifier (alerts, commands), the API (the bot's name), channels. */
@Module({
  providers: [
    {
      provide: TELEGRAM_SENDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): TelegramSender | null => (config.telegram ? TelegramSender.fromConfig(config.telegram) : null),
    },
  ],
  exports: [TELEGRAM_SENDER],
})
export class TelegramClientModule {}
