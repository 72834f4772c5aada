import type { AnyEvent } from '@xsd/contracts';
import type { ChannelEvent } from '@xsd/contracts/api/admin-channels';
import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_MAINTENANCE_TITLE } from '@xsd/contracts/api/site';
import { DEVIATION_TIER_LABELS, flaggedDeviationTier, xsdDeviation } from '@xsd/contracts/rules/peg-deviation';
import type { Transaction } from 'kysely';
import { htmlToText } from '../../content/html-text.js';
import type { DB } from '../../database/schema.js';
import type { ChannelDeliveriesRepository } from '../../read-models/channels/channel-deliveries.repository.js';
import type { ChannelMessage } from './channel-transport.js';

/** The events that may make a channel message. */
export const CHANNEL_SOURCE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'news.created',
  'push.broadcast-sent',
  'maintenance.started',
  'maintenance.ended',
  'silver.ticked',
  'price.ticked',
]);

/** A message and its key: one delivery per key and channel, however often the key comes up. */
export interface KeyedMessage {
  readonly key: string;
  readonly message: ChannelMessage;
}

const SILVER_MARK = 'silver';
const TEXT_MAX = 2_000;

function message(event: ChannelEvent, title: string, text: string, url: string | null, occurredAt: string): ChannelMessage {
  return { event, title: title.slice(0, 200), text: text.slice(0, TEXT_MAX), url, occurredAt };
}

/**
 * The channel message an event makes, if any, judged in the relay's checkpoint transaction:
 * - breaking news: an item created active with notify_users, or staff sending an item's push (one
 *   message per item, keyed by the item: sending its push again sends nothing new);
 * - maintenance: switched on, and off (by staff or at its expected up time);
 * - price alerts: the XSD peg tier on a chain (good / warning / error against the silver gram
 *   price, contracts' peg rules) changing; the first reading of a chain only sets its mark.
 */
export async function channelMessages(
  trx: Transaction<DB>,
  marks: Pick<ChannelDeliveriesRepository, 'pegMark' | 'setPegMark'>,
  event: AnyEvent,
  siteUrl: string | null,
): Promise<KeyedMessage[]> {
  const link = (path: string) => (siteUrl ? new URL(path, siteUrl).href : null);
  switch (event.type) {
    case 'news.created': {
      const { newsId, title, content, isActive, notifyUsers } = event.data;
      if (!isActive || !notifyUsers) return [];
      return [{ key: `news:${newsId}`, message: message('breaking_news', title, htmlToText(content), link('/'), event.occurredAt) }];
    }
    case 'push.broadcast-sent': {
      if (event.data.source !== 'breaking_news') return [];
      const item = await trx.selectFrom('breaking_news').select(['title', 'content']).where('id', '=', event.data.sourceId).executeTakeFirst();
      const title = item?.title ?? event.data.title;
      return [{ key: `news:${event.data.sourceId}`, message: message('breaking_news', title, item ? htmlToText(item.content) : '', link('/'), event.occurredAt) }];
    }
    case 'maintenance.started': {
      const title = event.data.title?.trim() || DEFAULT_MAINTENANCE_TITLE;
      const until = event.data.expectedUpTime ? `\nExpected back: ${event.data.expectedUpTime}` : '';
      const text = `${event.data.message?.trim() || DEFAULT_MAINTENANCE_MESSAGE}${until}`;
      return [{ key: `maintenance:${event.id}`, message: message('maintenance', `Maintenance started: ${title}`, text, link('/'), event.occurredAt) }];
    }
    case 'maintenance.ended':
      return [{ key: `maintenance:${event.id}`, message: message('maintenance', 'Maintenance ended', 'The dashboard is back.', link('/'), event.occurredAt) }];
    case 'silver.ticked':
      await marks.setPegMark(trx, SILVER_MARK, { tier: null, value: event.data.pricePerGram });
      return [];
    case 'price.ticked': {
      if (event.data.token !== 'XSD') return [];
      const silver = (await marks.pegMark(trx, SILVER_MARK))?.value ?? null;
      const deviation = xsdDeviation(event.data.price, silver);
      const tier = flaggedDeviationTier(deviation);
      if (tier === null || deviation === null || silver === null) return [];
      const previous = await marks.pegMark(trx, event.data.chain);
      if (previous?.tier === tier) return [];
      await marks.setPegMark(trx, event.data.chain, { tier, value: deviation });
      if (!previous) return [];
      const sign = deviation > 0 ? '+' : '';
      const text = `XSD $${event.data.price.toFixed(4)} against silver $${silver.toFixed(4)} per gram (${sign}${deviation.toFixed(2)} %), was ${DEVIATION_TIER_LABELS[previous.tier as keyof typeof DEVIATION_TIER_LABELS] ?? previous.tier}.`;
      return [
        {
          key: `peg:${event.id}`,
          message: message('price_alerts', `XSD on ${event.data.chain}: ${DEVIATION_TIER_LABELS[tier]}`, text, link('/'), event.occurredAt),
        },
      ];
    }
    default:
      return [];
  }
}
