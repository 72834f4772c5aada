import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworksResponse } from '@xsd/contracts/api/networks';
import { getJson } from '../lib/api-client';

/**
 * The running profile's network table (`GET /api/networks`): the wallet helpers and the system
 * check use its RPC URLs, never a copy built into the app. It does not change while the server runs.
 */
export function getNetworks({ signal }: { signal?: AbortSignal } = {}): Promise<NetworksResponse> {
  return getJson<NetworksResponse>('/api/networks', { signal });
}

export function networksQueryOptions() {
  return queryOptions({ queryKey: ['networks'] as const, queryFn: ({ signal }) => getNetworks({ signal }), staleTime: Infinity });
}

export function useNetworks() {
  return useQuery(networksQueryOptions());
}
