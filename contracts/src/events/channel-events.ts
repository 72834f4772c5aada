import { z } from 'zod';
import { CHANNEL_EVENTS, CHANNEL_KINDS } from '../api/admin-channels.js';

/**
 * Community channels (the Channels tab): staff create, change and delete them; the notifier pauses
 * one whose deliveries failed for 24 h. A webhook's signing secret is in `channel.created` so the
 * notifier can sign with it after a rebuild or a restore; the activity log and the API never show it.
 */
const channelId = z.uuid();
const events = z.array(z.enum(CHANNEL_EVENTS)).min(1);

export const ChannelFields = z.object({
  name: z.string().min(1).max(100),
  urlOrChat: z.string().min(1).max(2000),
  events,
});

export const ChannelCreatedData = ChannelFields.extend({
  channelId,
  kind: z.enum(CHANNEL_KINDS),
  /** `whsec_<base64>`, webhooks only. */
  secret: z.string().max(200).nullable(),
});
export const ChannelUpdatedData = z.object({
  channelId,
  name: z.string(),
  changes: ChannelFields.partial(),
  previous: ChannelFields.partial(),
});
export const ChannelPausedData = z.object({ channelId, name: z.string(), reason: z.string().min(1).max(500) });
export const ChannelResumedData = z.object({ channelId, name: z.string() });
export const ChannelDeletedData = z.object({ channelId, name: z.string() });
