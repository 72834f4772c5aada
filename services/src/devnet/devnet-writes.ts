import type { Address } from '@xsd/contracts';

/** Anvil's last default account sends the devnet's own transactions; the demo wallets stay untouched. */
export const DEVNET_OPERATOR: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
/**
 * A fixed gas limit instead of estimates: an estimate made in one second can fall short in the
 * block of the next (the feed stores block.timestamp, and a changed slot costs more than an
 * unchanged one). Every stand-in call needs far less.
 */
export const DEVNET_GAS_LIMIT = '0x7a120'; // 500 000
const RECEIPT_TIMEOUT_MS = 10_000;

export interface DevnetTransaction {
  readonly to: string;
  readonly data: string;
}

/** One JSON-RPC call to one node: ethers' `provider.send`, or {@link fetchRpc}. */
export type RpcSend = (method: string, params: unknown[]) => Promise<unknown>;

/** JSON-RPC over plain fetch, for a node of a devnet that another process runs (a started stack). */
export function fetchRpc(rpcUrl: string): RpcSend {
  return async (method, params) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}

/** Sends in order from the operator account, then waits until all are mined and succeeded. */
export async function sendAsOperator(send: RpcSend, chain: string, transactions: readonly DevnetTransaction[]): Promise<void> {
  const hashes: string[] = [];
  for (const tx of transactions) {
    const request = { from: DEVNET_OPERATOR, to: tx.to, data: tx.data, gas: DEVNET_GAS_LIMIT };
    hashes.push((await send('eth_sendTransaction', [request])) as string);
  }
  await Promise.all(hashes.map((hash) => waitForReceipt(send, hash, chain)));
}

async function waitForReceipt(send: RpcSend, hash: string, chain: string): Promise<void> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    const receipt = (await send('eth_getTransactionReceipt', [hash])) as { status: string } | null;
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`Devnet transaction ${hash} reverted on ${chain}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`Devnet transaction ${hash} not mined on ${chain}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
