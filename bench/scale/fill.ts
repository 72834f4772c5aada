/**
 * The data of bench/scale: `days` of the ingestor's ticks (every devnet chain's XSD and BankX price,
 * and silver, each PRICE_TICK_MS) appended to the embedded event log of a PostgreSQL database and
 * applied by the read models' own projections, batch by batch, as the projector does: each
 * projection gets the events it handles, in order, in the transaction that moves its checkpoint.
 */
import { type AnyEvent, createEvent, type EventType, TOKEN_NAMES } from '@xsd/contracts';
import { PRICE_TICK_MS } from '@xsd/contracts/api/health';
import { DEVNET_CHAINS } from '@xsd/contracts/chains/profiles';
import { sql } from 'kysely';
import { CheckpointsRepository } from '@xsd/services/core/checkpoints.repository';
import type { Db } from '@xsd/services/database/database';
import { EmbeddedEventLog } from '@xsd/services/event-log/embedded/embedded-event-log';
import type { StoredEvent } from '@xsd/services/event-log/event-log';
import { tickEventId } from '@xsd/services/ingestor/tick-id';
import { CHANNEL_RELAY_CONSUMER } from '@xsd/services/notifier/channels/channel-relay';
import { NOTIFIER_CONSUMER } from '@xsd/services/notifier/notifier';
import type { StoredEventOf } from '@xsd/services/projector/projection';
import { ALL_PROJECTIONS } from '@xsd/services/read-models/projections';

/** Events of one tick: a price per devnet chain and token, and silver. */
export const EVENTS_PER_TICK = DEVNET_CHAINS.length * TOKEN_NAMES.length + 1;
/** Ticks appended (and projected) per transaction. */
const TICKS_PER_BATCH = 1_000;
/** Most events one `apply` gets: the projector's own batch size. */
const APPLY_BATCH = 1_000;
const ACTOR = { kind: 'system', id: 'ingestor' } as const;
/**
 * The tables retention prunes are vacuumed each time this many ticks (15 days) are added, as
 * autovacuum does in a running system once a fifth of a table's rows are dead (18 days of
 * readings kept 90): the freed space is then reused. Without it a year's fill (deleting a day's
 * rows for each day added, thousands of times faster than the ingestor) left price_history 4x its
 * rows' size, 2.9 GB for 90 days of readings, and every whole read of a pair 4x the pages.
 */
const VACUUM_EVERY_TICKS = 15 * 2_880;
const PRUNED_TABLES = sql`price_history, price_candles, silver_prices, silver_rollups`;
const DAY_MS = 86_400_000;

export function ticksIn(days: number): number {
  return Math.floor((days * DAY_MS) / PRICE_TICK_MS);
}

/**
 * The events of tick `index` at `slot`: prices on a slow deterministic wave, XSD within a few
 * percent of the silver gram (so the peg has something to show), blocks counting up per chain.
 */
function tickEvents(index: number, slot: number): AnyEvent[] {
  const now = new Date(slot);
  const observedAt = now.toISOString();
  const gram = Number((0.95 + 0.1 * Math.sin(index / 2_880) + 0.01 * Math.sin(index / 37)).toFixed(6));
  const events: AnyEvent[] = [];
  DEVNET_CHAINS.forEach((chain, c) => {
    for (const token of TOKEN_NAMES) {
      const base = token === 'XSD' ? gram * (1 + 0.03 * Math.sin((index + c * 101) / 613)) : 0.42 * (1 + 0.2 * Math.sin((index + c * 53) / 5_000));
      const data = {
        token,
        chain,
        price: Number(base.toFixed(6)),
        observedAt,
        blockNumber: 1_000_000 + index * 3 + c,
        totalSupply: 10_000_000 + (index % 10_000),
      };
      events.push(createEvent('price.ticked', data, { actor: ACTOR, now, id: tickEventId('price.ticked', `${chain}:${token}`, slot) }));
    }
  });
  const silver = { pricePerGram: gram, pricePerOunce: Number((gram * 31.1034768).toFixed(6)), observedAt, roundId: String(index + 1) };
  events.push(createEvent('silver.ticked', silver, { actor: ACTOR, now, id: tickEventId('silver.ticked', 'silver', slot) }));
  return events;
}

/**
 * Appends `days` of ticks ending at `endMs` to the database's embedded log and projects them. Every
 * projection's checkpoint, and the notifier's and the channel relay's (which follow the log as a
 * running system's would have), ends at the log's head, so a stack started on the database begins
 * caught up: a relay at 0 spent the measurements' first minutes judging a year of XSD ticks' peg.
 */
export async function fill(db: Db, days: number, endMs: number, progress: (line: string) => void): Promise<{ events: number }> {
  const log = new EmbeddedEventLog(db);
  const checkpoints = new CheckpointsRepository({ db });
  const consumers = [...ALL_PROJECTIONS.map((projection) => projection.name), NOTIFIER_CONSUMER, CHANNEL_RELAY_CONSUMER];
  for (const name of consumers) await checkpoints.ensure(db, name);
  const ticks = ticksIn(days);
  const firstSlot = Math.floor(endMs / PRICE_TICK_MS) * PRICE_TICK_MS - (ticks - 1) * PRICE_TICK_MS;
  const started = performance.now();
  let lastReport = started;
  let appended = 0;
  for (let from = 0; from < ticks; from += TICKS_PER_BATCH) {
    const events: AnyEvent[] = [];
    for (let index = from; index < Math.min(ticks, from + TICKS_PER_BATCH); index += 1) events.push(...tickEvents(index, firstSlot + index * PRICE_TICK_MS));
    const results = await log.appendMany(events);
    const stored: StoredEvent[] = results.map((result, i) => ({ sequence: result.sequence, event: events[i] }));
    const last = stored[stored.length - 1].sequence;
    await db.transaction().execute(async (trx) => {
      for (const projection of ALL_PROJECTIONS) {
        const handles = new Set<string>(projection.handles);
        const relevant = stored.filter((each) => handles.has(each.event.type)) as StoredEventOf<EventType>[];
        for (let at = 0; at < relevant.length; at += APPLY_BATCH) await projection.apply(trx, relevant.slice(at, at + APPLY_BATCH));
      }
      for (const name of consumers) await checkpoints.set(trx, name, last);
    });
    appended += events.length;
    const added = Math.min(ticks, from + TICKS_PER_BATCH);
    if (Math.floor(added / VACUUM_EVERY_TICKS) > Math.floor(from / VACUUM_EVERY_TICKS)) await sql`vacuum ${PRUNED_TABLES}`.execute(db);
    if (performance.now() - lastReport > 60_000) {
      lastReport = performance.now();
      const rate = appended / ((lastReport - started) / 1000);
      progress(`  ${appended.toLocaleString('en')} of ${(ticks * EVENTS_PER_TICK).toLocaleString('en')} events (${rate.toFixed(0)}/s)`);
    }
  }
  // Planner statistics and the visibility map, as autovacuum leaves them in a running system.
  await sql`vacuum analyze`.execute(db);
  return { events: appended };
}
