import { z } from 'zod';
import { isAddress } from '../chains/networks.js';
import { INVALID_WALLET_ADDRESS_MESSAGE } from './wallets.js';

/** `:address` of `GET /api/wallets/:address`: 0x and 40 hex digits (the checksum is checked on the server). */
export const WalletAddressSchema = z
  .string({ error: INVALID_WALLET_ADDRESS_MESSAGE })
  .trim()
  .refine(isAddress, INVALID_WALLET_ADDRESS_MESSAGE);
