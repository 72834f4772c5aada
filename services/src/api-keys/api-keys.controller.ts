import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  type ApiKeysResponse,
  CreateApiKeyRequestSchema,
  type CreateApiKeyResponse,
} from '@xsd/contracts/api/admin-api-keys';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { ApiKeysService } from './api-keys.service.js';

/** The API Keys tab. Keys are not edited: delete one and create another. */
@Controller('api/admin/api-keys')
@RequirePermission('api_keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  list(): Promise<ApiKeysResponse> {
    return this.keys.list();
  }

  @Post()
  @HttpCode(201)
  create(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<CreateApiKeyResponse> {
    return this.keys.create(staff, parseRequest(CreateApiKeyRequestSchema, body, 'invalid_api_key_request'));
  }

  @Delete(':id')
  delete(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string): Promise<DeletedResponse> {
    return this.keys.delete(staff, id);
  }
}
