import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

export type Fetcher<TData> = (init?: { signal?: AbortSignal }) => Promise<TData>;

/** How long a read stays fresh, how often it is polled, how often it is retried. */
export type Freshness<TData, TKey extends QueryKey> = Omit<UseQueryOptions<TData, Error, TData, TKey>, 'queryKey' | 'queryFn'>;

/**
 * A read without parameters under one key: its query options (for `fetchQuery` and the cache)
 * and the hook that uses them.
 */
export function polledQuery<TData, TKey extends QueryKey>(queryKey: TKey, fetcher: Fetcher<TData>, freshness: Freshness<TData, TKey>) {
  const options = () => queryOptions({ ...freshness, queryKey, queryFn: ({ signal }) => fetcher({ signal }) });
  return { options, useRead: () => useQuery(options()) };
}
