#!/usr/bin/env node
// Compiles the devnet stand-in contracts (contracts/solidity/*.sol) with npm `solc` (standard
// JSON) into contracts/build/devnet-artifacts.json: per contract its ABI, runtime bytecode (what
// `anvil_setCode` places) and storage layout. Skips the work when the sources, the compiler
// version, the settings and this script are unchanged (a hash stored in the artifacts file).
//
//   node contracts/scripts/compile-solidity.mjs [--force]

import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourcesDir = join(contractsDir, 'solidity');

export const ARTIFACTS_PATH = join(contractsDir, 'build', 'devnet-artifacts.json');

const SETTINGS = {
  // Cancun: understood by anvil's default hardfork and by every chain the devnet imitates.
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object', 'storageLayout'] } },
};

/**
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ path: string, compiled: boolean, inputHash: string }>}
 */
export async function compileSolidity({ force = false, log = () => {} } = {}) {
  const sources = await readSources();
  // The package version is enough to tell compilers apart, and reading it avoids loading the
  // (slow) compiler when nothing changed.
  const solcPackageVersion = require('solc/package.json').version;
  const inputHash = createHash('sha256')
    .update(JSON.stringify({ solcPackageVersion, SETTINGS, sources }))
    .update(await readFile(fileURLToPath(import.meta.url)))
    .digest('hex');

  if (!force && (await readExistingHash()) === inputHash) {
    log(`devnet artifacts up to date (${ARTIFACTS_PATH})`);
    return { path: ARTIFACTS_PATH, compiled: false, inputHash };
  }

  const solc = require('solc');
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  for (const warning of (output.errors ?? []).filter((e) => e.severity !== 'error')) {
    log(warning.formattedMessage ?? warning.message);
  }
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage ?? e.message).join('\n')}`);
  }

  const contracts = {};
  for (const [file, byName] of Object.entries(output.contracts)) {
    for (const [name, contract] of Object.entries(byName)) {
      const runtime = contract.evm.deployedBytecode.object;
      if (!runtime) continue; // abstract contracts and interfaces
      if (contracts[name]) throw new Error(`Two contracts named ${name}`);
      contracts[name] = {
        source: file,
        abi: contract.abi,
        deployedBytecode: `0x${runtime}`,
        storageLayout: contract.storageLayout,
      };
    }
  }

  const artifacts = { inputHash, solcVersion: solc.version(), contracts };
  await mkdir(dirname(ARTIFACTS_PATH), { recursive: true });
  // Write then rename, so a reader (or a concurrent build) never sees half a file.
  const temporary = `${ARTIFACTS_PATH}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(artifacts, null, 2)}\n`);
  await rename(temporary, ARTIFACTS_PATH);
  log(`compiled ${Object.keys(contracts).join(', ')} with solc ${artifacts.solcVersion} -> ${ARTIFACTS_PATH}`);
  return { path: ARTIFACTS_PATH, compiled: true, inputHash };
}

async function readSources() {
  const files = (await readdir(sourcesDir)).filter((f) => f.endsWith('.sol')).sort();
  const entries = await Promise.all(files.map(async (f) => [f, await readFile(join(sourcesDir, f), 'utf8')]));
  return Object.fromEntries(entries);
}

async function readExistingHash() {
  try {
    return JSON.parse(await readFile(ARTIFACTS_PATH, 'utf8')).inputHash;
  } catch {
    return undefined;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  compileSolidity({ force: process.argv.includes('--force'), log: (line) => console.log(line) }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
