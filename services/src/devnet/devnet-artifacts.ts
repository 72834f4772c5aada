import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { InterfaceAbi } from 'ethers';

/** The stand-ins compiled by contracts/scripts/compile-solidity.mjs. */
export const STAND_IN_NAMES = [
  'DevnetXSD',
  'DevnetBankX',
  'DevnetPriceController',
  'DevnetXagUsdAggregator',
  'Multicall3',
] as const;
export type StandInName = (typeof STAND_IN_NAMES)[number];

export interface StandInArtifact {
  readonly abi: InterfaceAbi;
  /** Runtime code, what `anvil_setCode` places. */
  readonly deployedBytecode: string;
}

export type DevnetArtifacts = Readonly<Record<StandInName, StandInArtifact>>;

const COMPILE_SCRIPT = join('contracts', 'scripts', 'compile-solidity.mjs');

/**
 * Loads the compiled stand-ins, compiling them first when the build has not (the script skips
 * the work when its sources are unchanged, so this is cheap on every start).
 */
export async function loadDevnetArtifacts(): Promise<DevnetArtifacts> {
  const script = join(findRepositoryRoot(), COMPILE_SCRIPT);
  const { compileSolidity } = (await import(pathToFileURL(script).href)) as {
    compileSolidity: () => Promise<{ path: string }>;
  };
  const { path } = await compileSolidity();
  const { contracts } = JSON.parse(await readFile(path, 'utf8')) as {
    contracts: Partial<Record<string, StandInArtifact>>;
  };
  for (const name of STAND_IN_NAMES) {
    if (!contracts[name]?.deployedBytecode) throw new Error(`${path} has no ${name}`);
  }
  return contracts as DevnetArtifacts;
}

/** The folder holding contracts/, walking up from this file (services/src or services/dist). */
function findRepositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, COMPILE_SCRIPT))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${COMPILE_SCRIPT} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
