import { CreateNewsRequestSchema, UpdateNewsRequestSchema } from '@xsd/contracts/api/admin-news';
import { staffResourceController } from '../staff/staff-resource.controller.js';
import { NewsService } from './news.service.js';

/** The Breaking News tab. */
export class AdminNewsController extends staffResourceController({
  path: 'api/admin/news',
  permission: 'breaking_news',
  service: NewsService,
  invalid: 'invalid_news',
  create: CreateNewsRequestSchema,
  update: UpdateNewsRequestSchema,
  delete: true,
}) {}
