import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import {
  type AdminChainResponse,
  type AdminChainsResponse,
  UpdateChainSettingRequestSchema,
} from '@xsd/contracts/api/admin-chains';
import { parseRequest } from '../../http/validation.js';
import { CurrentStaff, RequirePermission } from '../../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../../staff/staff.types.js';
import { AdminChainsService } from './admin-chains.service.js';

/** The Chain Settings tab: the edit form and the quick toggle both PATCH. */
@Controller('api/admin/chains')
@RequirePermission('chain_settings')
export class AdminChainsController {
  constructor(private readonly chains: AdminChainsService) {}

  @Get()
  list(): Promise<AdminChainsResponse> {
    return this.chains.list();
  }

  @Patch(':chain_name')
  update(
    @CurrentStaff() staff: AuthenticatedStaff,
    @Param('chain_name') chainName: string,
    @Body() body: unknown,
  ): Promise<AdminChainResponse> {
    return this.chains.update(staff, chainName, parseRequest(UpdateChainSettingRequestSchema, body, 'invalid_chain_setting'));
  }
}
