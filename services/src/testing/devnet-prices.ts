import { type DevnetChainName, numberToUnits, PRICE_CONTROLLER_ABI, PRICE_DECIMALS, resolveNetworks, unitsToNumber } from '@xsd/contracts';
import { Interface } from 'ethers';
import { loadDevnetArtifacts } from '../devnet/devnet-artifacts.js';
import { fetchRpc, sendAsOperator } from '../devnet/devnet-writes.js';

/**
 * Reads and moves an XSD price on a running stack's devnet (another process), with the devnet's
 * own writer: a transaction from its operator account to the chain's stand-in price controller.
 * Start the stack with XSD_DEVNET_TICK_MS far out, so the market simulator leaves it there.
 */
const reader = new Interface(PRICE_CONTROLLER_ABI);

function chainEndpoints(devnetBasePort: number, chain: DevnetChainName) {
  const network = resolveNetworks('devnet', { basePort: devnetBasePort }).find((n) => n.name === chain)!;
  return { send: fetchRpc(network.rpcUrls[0]!), controller: network.priceController! };
}

export async function readXsdPrice(devnetBasePort: number, chain: DevnetChainName): Promise<number> {
  const { send, controller } = chainEndpoints(devnetBasePort, chain);
  const raw = (await send('eth_call', [{ to: controller, data: reader.encodeFunctionData('xsd_updated_price') }, 'latest'])) as string;
  const [units] = reader.decodeFunctionResult('xsd_updated_price', raw);
  return unitsToNumber(units as bigint, PRICE_DECIMALS);
}

export async function setXsdPrice(devnetBasePort: number, chain: DevnetChainName, price: number): Promise<void> {
  const { send, controller } = chainEndpoints(devnetBasePort, chain);
  const { DevnetPriceController } = await loadDevnetArtifacts();
  const data = new Interface(DevnetPriceController.abi).encodeFunctionData('setXsdPrice', [numberToUnits(price, PRICE_DECIMALS)]);
  await sendAsOperator(send, chain, [{ to: controller, data }]);
}
