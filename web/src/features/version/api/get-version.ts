import { queryOptions, useQuery } from '@tanstack/react-query';
import { isVersionFile, type VersionFile } from '@xsd/contracts/api/version';
import { REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const versionQueryKey = ['version'] as const;

/** `GET /version.json?t=<timestamp>`, never from a cache. */
export async function getVersion({ signal }: { signal?: AbortSignal } = {}): Promise<VersionFile> {
  const body = await getJson<unknown>(`/version.json?t=${Date.now()}`, { signal, cache: 'no-store' });
  if (!isVersionFile(body)) throw new Error('Invalid version file');
  return body;
}

export function versionQueryOptions() {
  return queryOptions({
    queryKey: versionQueryKey,
    queryFn: ({ signal }) => getVersion({ signal }),
    staleTime: REFRESH.version,
    refetchInterval: REFRESH.version,
    refetchIntervalInBackground: true,
    // Version check failures are ignored (spec section 8).
    retry: false,
  });
}

export function useVersion() {
  return useQuery(versionQueryOptions());
}
