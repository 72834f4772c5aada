import {
  type ChainName,
  parseChainName,
  parseTokenName,
  type TokenName,
  unknownChainMessage,
  unknownTokenMessage,
} from '@xsd/contracts/chains/names';
import { UsageError } from '../cli-error.js';

/** `--token`: XSD or BankX, read as the API reads `token` (any case: BANKX, bankx, xsd). */
export function parseTokenOption(value: string | undefined): TokenName | null {
  if (value === undefined) return null;
  const token = parseTokenName(value);
  if (!token) throw new UsageError(unknownTokenMessage(value));
  return token;
}

/** `--chain`: a network name, read as the API reads `chain` (any case: ethereum, BSC, base). */
export function parseChainOption(value: string | undefined): ChainName | null {
  if (value === undefined) return null;
  const chain = parseChainName(value);
  if (!chain) throw new UsageError(unknownChainMessage(value));
  return chain;
}
