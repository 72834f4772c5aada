import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createEvent } from '@xsd/contracts';
import { TELEGRAM_LINK_TTL_MS, TELEGRAM_MESSAGES, type TelegramLinkRequestSchema, type TelegramLinkResponse, type TelegramStatusResponse } from '@xsd/contracts/api/telegram';
import type { z } from 'zod';
import { CLOCK, type Clock } from '../core/clock.js';
import { EVENT_LOG } from '../core/injection-tokens.js';
import { describeError } from '../event-log/batch-delivery.js';
import type { EventLog } from '../event-log/event-log.js';
import { ApiError } from '../http/api-error.filter.js';
import { OUTBOUND_POLICY } from '../outbound/outbound.module.js';
import type { OutboundPolicy } from '../outbound/safe-url.js';
import { assertPublicPushEndpoint } from '../push/subscriptions/push-endpoint.js';
import { TELEGRAM_SENDER } from './telegram-client.module.js';
import { TelegramLinkFlood } from './telegram-link-flood.js';
import type { TelegramSender } from './telegram-sender.js';

/**
 * 'Send to Telegram': a one-time link (`https://t.me/<bot>?start=<code>`) that binds the chat which
 * opens it to the visitor's alerts. The code is 24 random bytes; the log keeps only its SHA-256 and
 * the rules, and the notifier forgets the link once it expires.
 */
@Injectable()
export class TelegramLinkService {
  private readonly logger = new Logger('Telegram');
  private botUsername: Promise<string> | null = null;

  constructor(
    @Inject(TELEGRAM_SENDER) private readonly sender: TelegramSender | null,
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly flood: TelegramLinkFlood,
    @Inject(OUTBOUND_POLICY) private readonly outbound: OutboundPolicy,
  ) {}

  status(): TelegramStatusResponse {
    return { enabled: this.sender !== null };
  }

  /** Refused when Telegram is off; otherwise counted against the client before anything is read. */
  async admit(client: string): Promise<void> {
    if (!this.sender) throw new ApiError(404, 'telegram_disabled', TELEGRAM_MESSAGES.disabled);
    await this.flood.admit(client, this.clock());
  }

  async create(request: z.output<typeof TelegramLinkRequestSchema>): Promise<TelegramLinkResponse> {
    // The same rule as the push subscriptions route whose body this is (the endpoint is not kept here).
    if (request.subscription) assertPublicPushEndpoint(request.subscription.endpoint, this.outbound, 'invalid_telegram_link');
    const username = await this.username();
    const code = randomBytes(24).toString('base64url');
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_MS).toISOString();
    await this.log.append(
      createEvent(
        'telegram.link-created',
        { linkId: randomUUID(), codeHash: createHash('sha256').update(code).digest('hex'), preferences: request.preferences, alerts: request.alerts, expiresAt },
        { actor: { kind: 'visitor', id: null }, now },
      ),
    );
    return { url: `https://t.me/${username}?start=${code}`, expiresAt };
  }

  /** The bot's username from getMe, asked once (again after a failure). */
  private username(): Promise<string> {
    this.botUsername ??= this.sender!.api.getMe().then((me) => {
      if (!me.username) throw new Error('the bot has no username');
      return me.username;
    });
    return this.botUsername.catch((error: unknown) => {
      this.botUsername = null;
      this.logger.warn(`getMe failed: ${describeError(error)}`);
      throw new ApiError(503, 'telegram_unavailable', TELEGRAM_MESSAGES.unavailable);
    });
  }
}
