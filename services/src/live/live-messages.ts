import type { AnyEvent } from '@xsd/contracts';
import type { StreamEvent } from '@xsd/contracts/api/stream';

/** Which read model must show an event before clients are told to look. */
export const PROJECTION_OF: Partial<Record<AnyEvent['type'], string>> = {
  'price.ticked': 'price_history',
  'silver.ticked': 'silver_prices',
  'maintenance.started': 'site_settings',
  'maintenance.updated': 'site_settings',
  'maintenance.ended': 'site_settings',
};

/**
 * The stream message an event becomes, or null for events clients do not follow. `site` is
 * filled in by the caller from the read model, which holds the whole state after the event.
 */
export function toStreamMessage(event: AnyEvent): StreamEvent | { type: 'site' } | null {
  switch (event.type) {
    case 'price.ticked':
      return {
        type: 'price',
        data: {
          token_name: event.data.token,
          chain_name: event.data.chain,
          price: event.data.price,
          timestamp: event.data.observedAt,
        },
      };
    case 'silver.ticked':
      return { type: 'silver', data: { price_per_gram: event.data.pricePerGram, timestamp: event.data.observedAt } };
    case 'maintenance.started':
    case 'maintenance.updated':
    case 'maintenance.ended':
      return { type: 'site' };
    default:
      return null;
  }
}
