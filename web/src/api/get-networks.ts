import { polledQuery } from './polled-query';
import type { NetworksResponse } from '@xsd/contracts/api/networks';
import { getJson } from '../lib/api-client';

/**
 * The running profile's network table (`GET /api/networks`): the wallet helpers and the system
 * check use its RPC URLs, never a copy built into the app. It does not change while the server runs.
 */
export function getNetworks({ signal }: { signal?: AbortSignal } = {}): Promise<NetworksResponse> {
  return getJson<NetworksResponse>('/api/networks', { signal });
}

export const { options: networksQueryOptions, useRead: useNetworks } = polledQuery(['networks'] as const, getNetworks, { staleTime: Infinity });
