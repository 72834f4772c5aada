import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityResponse } from '@xsd/contracts/api/admin-activity';
import { getJson } from '../../../../lib/api-client';
import { adminKey } from '../../api/admin-query';

export interface ActivityFilter {
  readonly actor: string;
  readonly action: string;
  /** YYYY-MM-DD or ''. */
  readonly since: string;
  readonly until: string;
}

export function activityPath(filter: ActivityFilter): string {
  const params = new URLSearchParams();
  if (filter.actor.trim()) params.set('actor', filter.actor.trim());
  if (filter.action.trim()) params.set('action', filter.action.trim());
  if (filter.since) params.set('since', filter.since);
  // 'until' a day means through the end of it.
  if (filter.until) params.set('until', new Date(Date.parse(`${filter.until}T00:00:00Z`) + 86_400_000).toISOString());
  const query = params.toString();
  return `/api/admin/activity${query ? `?${query}` : ''}`;
}

export function getActivity(filter: ActivityFilter, { signal }: { signal?: AbortSignal } = {}): Promise<ActivityResponse> {
  return getJson<ActivityResponse>(activityPath(filter), { signal });
}

export function activityQueryOptions(filter: ActivityFilter) {
  return queryOptions({
    queryKey: [...adminKey('activity'), activityPath(filter)],
    queryFn: ({ signal }) => getActivity(filter, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(filter: ActivityFilter) {
  return useQuery(activityQueryOptions(filter));
}
