import { CHAIN_NAMES, type ChainName, TOKEN_NAMES, type TokenName } from '@xsd/contracts/chains/names';
import { UsageError } from '../cli-error.js';

/** `--token`: XSD or BankX, any case (BANKX, bankx, xsd). */
export function parseTokenOption(value: string | undefined): TokenName | null {
  if (value === undefined) return null;
  const token = TOKEN_NAMES.find((t) => t.toLowerCase() === value.trim().toLowerCase());
  if (!token) throw new UsageError(`Unknown token '${value}': expected ${TOKEN_NAMES.join(' or ')}`);
  return token;
}

/** `--chain`: a network name, any case (ethereum, BSC, base). */
export function parseChainOption(value: string | undefined): ChainName | null {
  if (value === undefined) return null;
  const chain = CHAIN_NAMES.find((c) => c.toLowerCase() === value.trim().toLowerCase());
  if (!chain) throw new UsageError(`Unknown network '${value}': expected one of ${CHAIN_NAMES.join(', ')}`);
  return chain;
}
