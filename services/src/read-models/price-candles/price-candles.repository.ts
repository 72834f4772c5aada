import { Inject, Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../../database/database.js';
import type { PriceRow } from '../price-history/price-history.repository.js';

/** Reads of price_candles. */
@Injectable()
export class PriceCandlesRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  /** Hourly closes since the hour `from` falls in, oldest first (long windows). */
  async hourlyCloses(token: TokenName, chain: ChainName, from: Date): Promise<PriceRow[]> {
    const rows = await this.db
      .selectFrom('price_candles')
      .select(['close', 'bucket_start'])
      .where('token_name', '=', token)
      .where('chain_name', '=', chain)
      .where('bucket', '=', '1h')
      .where('bucket_start', '>=', new Date(Math.floor(from.getTime() / 3_600_000) * 3_600_000))
      .orderBy('bucket_start', 'asc')
      .execute();
    return rows.map((r) => ({ price: r.close, timestamp: r.bucket_start }));
  }
}
