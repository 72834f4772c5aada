import { sql } from 'kysely';
import { defineProjection, type StoredEventOf } from '../../projector/projection.js';

type Tick = StoredEventOf<'price.ticked'>;

/** Of two readings of one token and chain, the one read later; on a tie, the one stored later. */
const newer = (a: Tick, b: Tick): Tick => {
  const [at, bt] = [Date.parse(a.event.data.observedAt), Date.parse(b.event.data.observedAt)];
  return bt > at || (bt === at && b.sequence > a.sequence) ? b : a;
};

/**
 * token_supply: the latest total supply per token and chain, from the supply `price.ticked`
 * carries (ticks without one, such as those stored before supply was read, change nothing). A
 * batch is folded to one reading per token and chain first, and a stored row is replaced only by
 * a reading observed at or after its own, so the rows depend on the events alone.
 */
export const tokenSupplyProjection = defineProjection({
  name: 'token_supply',
  handles: ['price.ticked'],
  tables: ['token_supply'],
  async apply(trx, events) {
    const latest = new Map<string, Tick>();
    for (const tick of events) {
      if (tick.event.data.totalSupply === null) continue;
      const key = `${tick.event.data.token}|${tick.event.data.chain}`;
      const held = latest.get(key);
      latest.set(key, held ? newer(held, tick) : tick);
    }
    if (latest.size === 0) return;
    await trx
      .insertInto('token_supply')
      .values(
        [...latest.values()].map(({ event }) => ({
          token_name: event.data.token,
          chain_name: event.data.chain,
          total_supply: event.data.totalSupply!,
          block_number: event.data.blockNumber,
          observed_at: event.data.observedAt,
          event_id: event.id,
          updated_at: event.occurredAt,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['token_name', 'chain_name'])
          .doUpdateSet({
            total_supply: sql`excluded.total_supply`,
            block_number: sql`excluded.block_number`,
            observed_at: sql`excluded.observed_at`,
            event_id: sql`excluded.event_id`,
            updated_at: sql`excluded.updated_at`,
          })
          .where('token_supply.observed_at', '<=', sql<Date>`excluded.observed_at`),
      )
      .execute();
  },
});
