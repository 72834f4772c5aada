import { z } from 'zod';
import { parseChainName, unknownChainMessage } from '../chains/names.js';

/** `:chain` of `GET /api/networks/:chain/block-number`: a chain name, any case. */
export const ProbeChainSchema = z.string().transform((value, ctx) => {
  const chain = parseChainName(value);
  if (chain === null) {
    // Echo at most a little of what was sent.
    ctx.addIssue({ code: 'custom', message: unknownChainMessage(value.slice(0, 40)) });
    return z.NEVER;
  }
  return chain;
});
