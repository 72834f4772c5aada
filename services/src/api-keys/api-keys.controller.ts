import { CreateApiKeyRequestSchema } from '@xsd/contracts/api/admin-api-keys';
import { staffResourceController } from '../staff/staff-resource.controller.js';
import { ApiKeysService } from './api-keys.service.js';

/** The API Keys tab. Keys are not edited: delete one and create another. */
export class ApiKeysController extends staffResourceController({
  path: 'api/admin/api-keys',
  permission: 'api_keys',
  service: ApiKeysService,
  invalid: 'invalid_api_key_request',
  create: CreateApiKeyRequestSchema,
  delete: true,
}) {}
