import { type NetworkConfig, resolveNetworks } from '@xsd/contracts';
import type { AppConfig } from '../../config/config.js';

/** The network table the configuration asks for: profile, devnet ports and operator overrides. */
export function configuredNetworks(config: Pick<AppConfig, 'networkProfile' | 'devnetBasePort' | 'networkOverrides'>): readonly NetworkConfig[] {
  return resolveNetworks(config.networkProfile, { basePort: config.devnetBasePort, overrides: config.networkOverrides });
}
