import { type AnyEvent, type ChainName, createEvent, type TokenName } from '@xsd/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../../testing/pipeline.js';
import { tableChecksum } from '../../testing/table-checksum.js';
import { tokenSupplyProjection } from './token-supply.projection.js';
import { TokenSupplyRepository } from './token-supply.repository.js';

const SYSTEM = { kind: 'system', id: 'test' } as const;
const T0 = Date.UTC(2026, 2, 2, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** A tick read at `T0 + seconds`; `totalSupply` left out entirely means an event from before supplies. */
function tick(chain: ChainName, token: TokenName, seconds: number, totalSupply?: number | null): AnyEvent {
  const at = T0 + seconds * 1_000;
  const data = { chain, token, price: 1.01, observedAt: iso(at), blockNumber: 100 + seconds };
  return createEvent('price.ticked', totalSupply === undefined ? data : { ...data, totalSupply }, {
    actor: SYSTEM,
    now: new Date(at),
  });
}

describe.each<PipelineKind>(['embedded', 'jetstream'])('the token_supply read model on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  const caughtUp = async () => pipeline.progress.waitFor('token_supply', await pipeline.log.lastSequence(), 30_000);
  const rows = () =>
    pipeline.db
      .selectFrom('token_supply')
      .select(['token_name', 'chain_name', 'total_supply', 'block_number', 'observed_at'])
      .orderBy('token_name')
      .orderBy('chain_name')
      .execute();

  beforeEach(async () => {
    pipeline = await openPipeline(kind);
  });

  afterEach(async () => {
    await pipeline.cleanup();
  });

  it('keeps the latest supply per token and chain, whatever the order the ticks are stored in', async () => {
    await pipeline.projector([tokenSupplyProjection], { maxBatch: 3 }).start();
    await pipeline.log.appendMany([
      tick('Ethereum', 'XSD', 0, 1_000),
      tick('Ethereum', 'XSD', 30, 1_500.25),
      tick('BSC', 'BankX', 0, 250_000),
      // Read before the one above it, stored after it (another replica, a retry): ignored.
      tick('Ethereum', 'XSD', 10, 900),
    ]);
    await caughtUp();
    // A later batch: an older reading still loses, a newer one wins.
    await pipeline.log.appendMany([tick('Ethereum', 'XSD', 20, 1_200), tick('BSC', 'BankX', 60, 260_000)]);
    await caughtUp();

    expect(await rows()).toEqual([
      { token_name: 'BankX', chain_name: 'BSC', total_supply: 260_000, block_number: 160, observed_at: new Date(T0 + 60_000) },
      { token_name: 'XSD', chain_name: 'Ethereum', total_supply: 1_500.25, block_number: 130, observed_at: new Date(T0 + 30_000) },
    ]);
    expect(await new TokenSupplyRepository(pipeline).all()).toEqual([
      expect.objectContaining({ token_name: 'BankX', chain_name: 'BSC', total_supply: 260_000 }),
      expect.objectContaining({ token_name: 'XSD', chain_name: 'Ethereum', total_supply: 1_500.25 }),
    ]);
  });

  it('ignores ticks without a supply, those stored before supplies were read included', async () => {
    await pipeline.projector([tokenSupplyProjection]).start();
    await pipeline.log.appendMany([
      tick('Base', 'XSD', 0),
      tick('Base', 'BankX', 0, null),
      tick('Polygon', 'XSD', 0, 42),
      // A newer tick whose supply call failed does not wipe the last known supply.
      tick('Polygon', 'XSD', 30, null),
    ]);
    await caughtUp();
    expect(await rows()).toEqual([
      { token_name: 'XSD', chain_name: 'Polygon', total_supply: 42, block_number: 100, observed_at: new Date(T0) },
    ]);
  });

  it('rebuilds from sequence 1 to identical rows', async () => {
    const projector = pipeline.projector([tokenSupplyProjection], { maxBatch: 2 });
    await projector.start();
    const chains: ChainName[] = ['Ethereum', 'BSC', 'Arbitrum'];
    await pipeline.log.appendMany(
      Array.from({ length: 30 }, (_, i) => tick(chains[i % 3], i % 2 === 0 ? 'XSD' : 'BankX', (i * 7) % 23, 1_000 + i)),
    );
    await caughtUp();
    const before = await tableChecksum(pipeline.db, 'token_supply');
    expect(before.rows).toBe(6);

    await projector.rebuild('token_supply');

    expect(await tableChecksum(pipeline.db, 'token_supply')).toEqual(before);
  });
});
