import { type DevnetChainName, PRICE_DECIMALS, numberToUnits, resolveNetworks, unitsToNumber } from '@xsd/contracts';
import { Interface } from 'ethers';

/**
 * Moves a price on the running stack's devnet the way its market simulator does: a transaction
 * to the chain's (devnet stand-in) price controller from anvil's last default account.
 */
const OPERATOR = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
const GAS_LIMIT = '0x7a120';
const controller = new Interface([
  'function xsd_updated_price() view returns (uint256)',
  'function setXsdPrice(uint256 xsdPrice)',
]);

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

function chainEndpoints(devnetBasePort: number, chain: DevnetChainName) {
  const network = resolveNetworks('devnet', { basePort: devnetBasePort }).find((n) => n.name === chain)!;
  return { rpcUrl: network.rpcUrls[0]!, controller: network.priceController! };
}

export async function readXsdPrice(devnetBasePort: number, chain: DevnetChainName): Promise<number> {
  const { rpcUrl, controller: to } = chainEndpoints(devnetBasePort, chain);
  const data = controller.encodeFunctionData('xsd_updated_price');
  const raw = await rpc<string>(rpcUrl, 'eth_call', [{ to, data }, 'latest']);
  const [units] = controller.decodeFunctionResult('xsd_updated_price', raw);
  return unitsToNumber(units as bigint, PRICE_DECIMALS);
}

export async function setXsdPrice(devnetBasePort: number, chain: DevnetChainName, price: number): Promise<void> {
  const { rpcUrl, controller: to } = chainEndpoints(devnetBasePort, chain);
  const data = controller.encodeFunctionData('setXsdPrice', [numberToUnits(price, PRICE_DECIMALS)]);
  const hash = await rpc<string>(rpcUrl, 'eth_sendTransaction', [{ from: OPERATOR, to, data, gas: GAS_LIMIT }]);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const receipt = await rpc<{ status: string } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`setXsdPrice reverted on ${chain}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`setXsdPrice not mined on ${chain}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
