import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import { sendJson } from '../../../../lib/api-client';
import { adminItemPath, useAdminMutation } from '../../api/admin-query';
import { adminNewsQueryKey } from './get-news';

export function deleteNews(id: string): Promise<DeletedResponse> {
  return sendJson<DeletedResponse>('DELETE', adminItemPath('news', id));
}

export function useDeleteNews() {
  return useAdminMutation(deleteNews, [adminNewsQueryKey]);
}
