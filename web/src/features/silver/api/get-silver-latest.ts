import { useQuery } from '@tanstack/react-query';
import type { SilverLatestResponse } from '@xsd/contracts/api/prices';
import { polledQuery } from '../../../api/polled-query';
import { CACHE, REFRESH } from '../../../config/site';
import { ApiError, getJson } from '../../../lib/api-client';

export const silverLatestQueryKey = ['silver', 'latest'] as const;

export function getSilverLatest({ signal }: { signal?: AbortSignal } = {}): Promise<SilverLatestResponse> {
  return getJson<SilverLatestResponse>('/api/silver/latest', { signal });
}

/** 404 `no_silver_data`: no reading exists yet (an answer, not a failure). */
export function isNoSilverData(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export const { options: silverLatestQueryOptions } = polledQuery(silverLatestQueryKey, getSilverLatest, {
  staleTime: CACHE.silverLatest,
  refetchInterval: REFRESH.prices,
});

/** `refetchInterval` overrides the default (the status card polls every 5 s). */
export function useSilverLatest({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({ ...silverLatestQueryOptions(), ...(refetchInterval ? { refetchInterval } : {}) });
}
