/**
 * The on-chain calls the product makes, as ethers human-readable ABI fragments, and the units
 * their answers come in.
 */

/** Token prices from the price (PID) controller are USD with 6 decimals. */
export const PRICE_DECIMALS = 6;
/** XSD and BankX are 18-decimal ERC-20s. */
export const TOKEN_DECIMALS = 18;
/** Chainlink XAG/USD answers USD per troy ounce with 8 decimals. */
export const SILVER_FEED_DECIMALS = 8;
/** XSD is pegged to one gram of silver: gram price = ounce price / 31.1034768. */
export const GRAMS_PER_TROY_OUNCE = 31.1034768;

export const PRICE_CONTROLLER_ABI = [
  'function xsd_updated_price() view returns (uint256)',
  'function bankx_updated_price() view returns (uint256)',
] as const;

export const ERC20_ABI = [
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function symbol() view returns (string)',
] as const;

export const CHAINLINK_AGGREGATOR_ABI = [
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
  'function latestAnswer() view returns (int256)',
  'function decimals() view returns (uint8)',
] as const;

export const MULTICALL3_ABI = [
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getChainId() view returns (uint256 chainid)',
] as const;

/** USD per gram of silver from the feed's USD per troy ounce. */
export function silverGramPrice(ouncePrice: number): number {
  return ouncePrice / GRAMS_PER_TROY_OUNCE;
}
