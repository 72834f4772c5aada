import { z } from 'zod';
import { INVALID_WALLET_ADDRESS_MESSAGE } from './wallets.js';

/** `:address` of `GET /api/wallets/:address`: 0x and 40 hex digits (the checksum is checked on the server). */
export const WalletAddressSchema = z
  .string({ error: INVALID_WALLET_ADDRESS_MESSAGE })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, INVALID_WALLET_ADDRESS_MESSAGE);
