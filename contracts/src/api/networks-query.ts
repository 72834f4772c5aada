import { z } from 'zod';
import { parseChainName, unknownChainMessage } from '../chains/names.js';

/** `:chain` of `GET /api/networks/:chain/block-number`: a chain name, any case. */
export const ProbeChainSchema = z
  .string()
  .transform((value, ctx) => parseChainName(value) ?? (ctx.addIssue({ code: 'custom', message: unknownChainMessage(value.slice(0, 40)) }), z.NEVER));
