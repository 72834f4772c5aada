import { Injectable } from '@nestjs/common';
import type { ChainName } from '@xsd/contracts';
import type { EndpointHealth } from '@xsd/contracts/api/health';
import type { IngestorChainState } from './ingestor-status.table.js';
import { DatabaseRepository } from '../database-repository.js';

export interface IngestorChainStatus {
  readonly chain: ChainName;
  readonly status: IngestorChainState;
  readonly consecutiveFailures: number;
  readonly lastAttemptAt: Date | null;
  readonly lastSuccessAt: Date | null;
  readonly lastError: string | null;
  readonly endpoints: readonly EndpointHealth[];
  readonly instanceId: string;
  readonly updatedAt: Date;
}

/** The ingestor's state per chain, shared with whichever process answers `/api/health`. */
@Injectable()
export class IngestorStatusRepository extends DatabaseRepository {
  async save(status: Omit<IngestorChainStatus, 'updatedAt'>, at: Date): Promise<void> {
    const row = {
      status: status.status,
      consecutive_failures: status.consecutiveFailures,
      last_attempt_at: status.lastAttemptAt,
      last_success_at: status.lastSuccessAt,
      last_error: status.lastError,
      instance_id: status.instanceId,
      endpoints: JSON.stringify(status.endpoints),
      updated_at: at,
    };
    await this.db
      .insertInto('ingestor_chain_status')
      .values({ chain_name: status.chain, ...row })
      .onConflict((oc) => oc.column('chain_name').doUpdateSet(row))
      .execute();
  }

  async all(): Promise<IngestorChainStatus[]> {
    const rows = await this.db.selectFrom('ingestor_chain_status').selectAll().execute();
    return rows.map((row) => ({
      chain: row.chain_name as ChainName,
      status: row.status,
      consecutiveFailures: row.consecutive_failures,
      lastAttemptAt: row.last_attempt_at,
      lastSuccessAt: row.last_success_at,
      lastError: row.last_error,
      endpoints: row.endpoints,
      instanceId: row.instance_id,
      updatedAt: row.updated_at,
    }));
  }
}
