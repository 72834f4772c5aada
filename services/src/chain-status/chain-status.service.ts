import { Inject, Injectable } from '@nestjs/common';
import type { NetworkConfig } from '@xsd/contracts';
import type { ChainsResponse, ChainStatusEntry } from '@xsd/contracts/api/chains';
import { NETWORKS } from '../chains/chains.module.js';
import {
  ChainSettingsRepository,
  type ChainSettingRow,
} from '../read-models/chain-settings/chain-settings.repository.js';

function toEntry(network: NetworkConfig, setting: ChainSettingRow | undefined): ChainStatusEntry {
  // A coming-soon network is inactive (the spec: Pulsechain "coming soon, inactive"); others are
  // active until staff set them otherwise.
  const isActive = !network.comingSoon && (setting?.is_active ?? true);
  return {
    chain_name: network.name,
    display_name: setting?.display_name?.trim() || network.name,
    chain_id: network.chainId,
    is_active: isActive,
    coming_soon: network.comingSoon,
    maintenance_message: isActive ? null : (setting?.maintenance_message ?? null),
    updated_at: setting?.updated_at.toISOString() ?? null,
  };
}

/** Every network of the product with its staff-set status. */
@Injectable()
export class ChainStatusService {
  constructor(
    private readonly settings: ChainSettingsRepository,
    @Inject(NETWORKS) private readonly networks: readonly NetworkConfig[],
  ) {}

  async list(): Promise<ChainsResponse> {
    const rows = await this.settings.all();
    const byChain = new Map(rows.map((row) => [row.chain_name, row]));
    return { items: this.networks.map((network) => toEntry(network, byChain.get(network.name))) };
  }
}
