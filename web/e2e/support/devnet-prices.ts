import { type DevnetChainName, PRICE_CONTROLLER_ABI, PRICE_DECIMALS, numberToUnits, resolveNetworks, unitsToNumber } from '@xsd/contracts';
import { loadDevnetArtifacts } from '@xsd/services/devnet/devnet-artifacts';
import { fetchRpc, sendAsOperator } from '@xsd/services/devnet/devnet-writes';
import { Interface } from 'ethers';

/**
 * Reads and moves an XSD price on the running stack's devnet (another process), with the devnet's
 * own writer: a transaction from its operator account to the chain's stand-in price controller.
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
