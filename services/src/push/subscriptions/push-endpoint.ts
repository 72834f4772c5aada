import { PUSH_ENDPOINT_INWARD_MESSAGE } from '@xsd/contracts/api/push';
import { ApiError } from '../../http/api-error.filter.js';
import { checkOutboundUrlLiteral, type OutboundPolicy, OutboundRefusedError } from '../../outbound/safe-url.js';

/**
 * The save-time rule for a push endpoint an anonymous browser sends (POST /api/push/subscriptions,
 * POST /api/alerts/telegram-link): https, and not `localhost` or an inward IP literal unless
 * XSD_WEBHOOK_ALLOW_HOSTS names it. Refused as a 400 with `code`; the sender checks again, resolved.
 */
export function assertPublicPushEndpoint(endpoint: string, policy: OutboundPolicy, code: string): void {
  try {
    checkOutboundUrlLiteral(endpoint, policy.allowHosts);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new ApiError(400, code, PUSH_ENDPOINT_INWARD_MESSAGE);
    throw error;
  }
}
