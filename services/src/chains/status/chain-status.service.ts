import { Inject, Injectable } from '@nestjs/common';
import type { NetworkConfig } from '@xsd/contracts';
import type { ChainsResponse, ChainStatusEntry } from '@xsd/contracts/api/chains';
import { NETWORKS } from '../rpc/chains.module.js';
import {
  ChainSettingsRepository,
  type ChainSettingRow,
} from '../../read-models/chain-settings/chain-settings.repository.js';
import { ProjectionProgress } from '../../core/projection-progress.js';
import type { CachedJson } from '../../read-cache/cached-json.js';
import { HotReadModel } from '../../read-cache/hot-read-model.js';
import type { Awaitable } from '../../read-cache/hot-value.js';

export function toEntry(network: NetworkConfig, setting: ChainSettingRow | undefined): ChainStatusEntry {
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
  private readonly answer: HotReadModel<ChainsResponse>;

  constructor(settings: ChainSettingsRepository, @Inject(NETWORKS) networks: readonly NetworkConfig[], progress: ProjectionProgress) {
    this.answer = new HotReadModel(progress, {
      tables: ['chain_settings'],
      maxAgeMs: 60_000,
      load: async () => {
        const byChain = new Map((await settings.all()).map((row) => [row.chain_name, row]));
        return { items: networks.map((network) => toEntry(network, byChain.get(network.name))) };
      },
    });
  }

  /** Held in memory, never older than a change a command reported done. */
  list(): Awaitable<CachedJson<ChainsResponse>> {
    return this.answer.get();
  }
}
