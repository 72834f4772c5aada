import type { EndpointHealth } from '@xsd/contracts/api/health';
import type { Default, Json, Timestamp, TimestampDefault } from '../../database/column-types.js';

export type IngestorChainState = 'ok' | 'retrying' | 'stopped';

/** The ingestor's state per chain: operational, written by the ingestor itself (no projection). */
export interface IngestorChainStatusTable {
  chain_name: string;
  status: IngestorChainState;
  consecutive_failures: Default<number>;
  last_attempt_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  instance_id: string;
  updated_at: TimestampDefault;
  /** Each RPC endpoint of the chain as the ingestor last judged it. */
  endpoints: Json<EndpointHealth[]>;
}
