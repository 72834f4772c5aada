import type { AdminNewsItemResponse, UpdateNewsRequest } from '@xsd/contracts/api/admin-news';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminNewsQueryKey } from './get-news';

export function updateNews({ id, changes }: { id: string; changes: UpdateNewsRequest }): Promise<AdminNewsItemResponse> {
  return sendJson<AdminNewsItemResponse>('PATCH', adminItemPath('news', id), changes);
}

export function useUpdateNews() {
  return useAdminMutation(updateNews, [adminNewsQueryKey]);
}
