import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { chainSettingSubject, type ChainSettingFields, type NetworkConfig, parseChainName } from '@xsd/contracts';
import {
  type AdminChainResponse,
  type AdminChainSetting,
  type AdminChainsResponse,
  unknownChainSettingMessage,
  type UpdateChainSettingRequestSchema,
} from '@xsd/contracts/api/admin-chains';
import type { z } from 'zod';
import { ApiError } from '../../http/api-error.filter.js';
import { NETWORKS } from '../rpc/chains.module.js';
import { type ChainSettingRow, ChainSettingsRepository } from '../../read-models/chain-settings/chain-settings.repository.js';
import { type AuthenticatedStaff, staffActor } from '../../staff/staff.types.js';
import { DecideChainSetting } from './chain-setting.commands.js';
import { toEntry } from '../status/chain-status.service.js';

function toAdminSetting(network: NetworkConfig, row: ChainSettingRow | undefined): AdminChainSetting {
  return {
    ...toEntry(network, row),
    custom_display_name: row?.display_name ?? null,
    stored_maintenance_message: row?.maintenance_message ?? null,
    updated_by: row?.updated_by ?? null,
  };
}

/** The Chain Settings tab: every network with its status; staff change one at a time. */
@Injectable()
export class AdminChainsService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(NETWORKS) private readonly networks: readonly NetworkConfig[],
    private readonly settings: ChainSettingsRepository,
  ) {}

  async list(): Promise<AdminChainsResponse> {
    const byChain = new Map((await this.settings.all()).map((row) => [row.chain_name, row]));
    return { items: this.networks.map((network) => toAdminSetting(network, byChain.get(network.name))) };
  }

  async update(
    by: AuthenticatedStaff,
    name: string,
    request: z.output<typeof UpdateChainSettingRequestSchema>,
  ): Promise<AdminChainResponse> {
    const chain = parseChainName(name);
    const network = chain === null ? undefined : this.networks.find((candidate) => candidate.name === chain);
    if (chain === null || network === undefined) throw new ApiError(404, 'unknown_chain', unknownChainSettingMessage(name));
    const changes: Partial<ChainSettingFields> = {
      isActive: request.is_active,
      displayName: request.display_name,
      maintenanceMessage: request.maintenance_message,
    };
    await this.commands.execute(
      new DecideChainSetting(chainSettingSubject(chain), staffActor(by), { type: 'SetChainSetting', data: { chain, changes } }),
    );
    const row = (await this.settings.all()).find((candidate) => candidate.chain_name === chain);
    return { item: toAdminSetting(network, row) };
  }
}
