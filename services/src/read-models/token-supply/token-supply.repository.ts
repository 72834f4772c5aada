import { Injectable } from '@nestjs/common';
import type { ChainName, TokenName } from '@xsd/contracts';
import { DatabaseRepository } from '../database-repository.js';

export interface TokenSupplyRow {
  readonly token_name: TokenName;
  readonly chain_name: ChainName;
  /** Whole tokens. */
  readonly total_supply: number;
  readonly observed_at: Date;
}

/** Reads of token_supply. */
@Injectable()
export class TokenSupplyRepository extends DatabaseRepository {
  /** The latest supply of every token and chain read so far. */
  async all(): Promise<TokenSupplyRow[]> {
    const rows = await this.db
      .selectFrom('token_supply')
      .select(['token_name', 'chain_name', 'total_supply', 'observed_at'])
      .orderBy('token_name')
      .orderBy('chain_name')
      .execute();
    return rows.map((row) => ({ ...row, chain_name: row.chain_name as ChainName }));
  }
}
