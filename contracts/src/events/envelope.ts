import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';

/** Who caused an event. System work (ingestor, scheduler) has no id; staff and API keys do. */
export const ActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('system'), id: z.string().min(1) }),
  z.object({ kind: z.literal('staff'), id: z.string().min(1), email: z.string().optional() }),
  z.object({ kind: z.literal('visitor'), id: z.string().min(1).nullable() }),
  z.object({ kind: z.literal('api_key'), id: z.string().min(1) }),
]);
export type Actor = z.infer<typeof ActorSchema>;

/** NATS subject tokens: no dots, spaces or wildcards. */
const SUBJECT = /^xsd(\.[A-Za-z0-9_-]+)+$/;

/**
 * The envelope every event travels in. `id` is a time-ordered UUID (v7) and doubles as the
 * JetStream `Nats-Msg-Id`, so appending the same event twice stores it once.
 */
export const EnvelopeSchema = z.object({
  id: z.uuid({ version: 'v7' }),
  type: z.string().min(1),
  subject: z.string().regex(SUBJECT, 'subject must look like xsd.<token>[.<token>...]'),
  aggregateId: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  actor: ActorSchema,
  schemaVersion: z.number().int().positive(),
  data: z.unknown(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export function newEventId(now?: number): string {
  return now === undefined ? uuidv7() : uuidv7({ msecs: now });
}

/** Subject tokens come from names (chain names, ids); keep them NATS-safe. */
export function subjectToken(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_');
}
