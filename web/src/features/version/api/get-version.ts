import { isVersionFile, type VersionFile } from '@xsd/contracts/api/version';
import { polledQuery } from '../../../api/polled-query';
import { REFRESH } from '../../../config/site';
import { getJson } from '../../../lib/api-client';

export const versionQueryKey = ['version'] as const;

/** `GET /version.json?t=<timestamp>`, never from a cache. */
export async function getVersion({ signal }: { signal?: AbortSignal } = {}): Promise<VersionFile> {
  const body = await getJson<unknown>(`/version.json?t=${Date.now()}`, { signal, cache: 'no-store' });
  if (!isVersionFile(body)) throw new Error('Invalid version file');
  return body;
}

export const { options: versionQueryOptions, useRead: useVersion } = polledQuery(versionQueryKey, getVersion, {
  staleTime: REFRESH.version,
  refetchInterval: REFRESH.version,
  refetchIntervalInBackground: true,
  // Version check failures are ignored (spec section 8).
  retry: false,
});
