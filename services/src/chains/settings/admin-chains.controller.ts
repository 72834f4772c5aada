import { UpdateChainSettingRequestSchema } from '@xsd/contracts/api/admin-chains';
import { staffResourceController } from '../../staff/staff-resource.controller.js';
import { AdminChainsService } from './admin-chains.service.js';

/** The Chain Settings tab: the edit form and the quick toggle both PATCH. */
export class AdminChainsController extends staffResourceController({
  path: 'api/admin/chains',
  permission: 'chain_settings',
  service: AdminChainsService,
  param: 'chain_name',
  invalid: 'invalid_chain_setting',
  update: UpdateChainSettingRequestSchema,
}) {}
