import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { type OutboundPolicy, systemResolver } from './safe-url.js';

/** Who requests to addresses users gave may reach (tests override it with their own resolver). */
export const OUTBOUND_POLICY = Symbol('OUTBOUND_POLICY');

@Module({
  providers: [
    {
      provide: OUTBOUND_POLICY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): OutboundPolicy => ({ allowHosts: config.webhookAllowHosts, resolve: systemResolver }),
    },
  ],
  exports: [OUTBOUND_POLICY],
})
export class OutboundModule {}
