import type { AdminNewsItemResponse, CreateNewsRequest } from '@xsd/contracts/api/admin-news';
import { sendJson } from '../../../../lib/api-client';
import { useAdminMutation } from '../../api/admin-query';
import { adminNewsQueryKey } from './get-news';

export function createNews(request: CreateNewsRequest): Promise<AdminNewsItemResponse> {
  return sendJson<AdminNewsItemResponse>('POST', '/api/admin/news', request);
}

export function useCreateNews() {
  return useAdminMutation(createNews, [adminNewsQueryKey]);
}
