import { useQuery } from '@tanstack/react-query';
import type { AdminNewsListResponse } from '@xsd/contracts/api/admin-news';
import { adminListQuery } from '../../api/admin-query';

/** `GET /api/admin/news`. */
export const adminNewsQuery = adminListQuery<AdminNewsListResponse>('news');
export const adminNewsQueryKey = adminNewsQuery.queryKey;

export function useAdminNews() {
  return useQuery(adminNewsQuery.options());
}
