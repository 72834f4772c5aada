import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  type AdminNewsItemResponse,
  type AdminNewsListResponse,
  CreateNewsRequestSchema,
  UpdateNewsRequestSchema,
} from '@xsd/contracts/api/admin-news';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { AdminNewsService } from './admin-news.service.js';

/** The Breaking News tab. */
@Controller('api/admin/news')
@RequirePermission('breaking_news')
export class AdminNewsController {
  constructor(private readonly news: AdminNewsService) {}

  @Get()
  list(): Promise<AdminNewsListResponse> {
    return this.news.list();
  }

  @Post()
  @HttpCode(201)
  create(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<AdminNewsItemResponse> {
    return this.news.create(staff, parseRequest(CreateNewsRequestSchema, body, 'invalid_news'));
  }

  @Patch(':id')
  update(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string, @Body() body: unknown): Promise<AdminNewsItemResponse> {
    return this.news.update(staff, id, parseRequest(UpdateNewsRequestSchema, body, 'invalid_news'));
  }

  @Delete(':id')
  delete(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string): Promise<DeletedResponse> {
    return this.news.delete(staff, id);
  }
}
