import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import type { AdminNewsItemResponse, AdminNewsListResponse, CreateNewsRequest, UpdateNewsRequest } from '@xsd/contracts/api/admin-news';
import { getJson, sendJson } from '../../../lib/api-client';
import { adminKey, useAdminMutation } from './admin-query';

export const adminNewsQueryKey = adminKey('news');
const itemPath = (id: string) => `/api/admin/news/${encodeURIComponent(id)}`;

export function useAdminNews() {
  return useQuery(
    queryOptions({ queryKey: adminNewsQueryKey, queryFn: ({ signal }) => getJson<AdminNewsListResponse>('/api/admin/news', { signal }) }),
  );
}

export function useCreateNews() {
  return useAdminMutation((request: CreateNewsRequest) => sendJson<AdminNewsItemResponse>('POST', '/api/admin/news', request), [adminNewsQueryKey]);
}

export function useUpdateNews() {
  return useAdminMutation(
    ({ id, changes }: { id: string; changes: UpdateNewsRequest }) => sendJson<AdminNewsItemResponse>('PATCH', itemPath(id), changes),
    [adminNewsQueryKey],
  );
}

export function useDeleteNews() {
  return useAdminMutation((id: string) => sendJson<DeletedResponse>('DELETE', itemPath(id)), [adminNewsQueryKey]);
}
