import { addEthereumChainParameter, type NetworkEntry } from '@xsd/contracts/api/networks';
import type { TokenName } from '@xsd/contracts/chains/names';
import type { WalletAddKind } from '@xsd/contracts/rules/wallet-add';

export type AddState = 'idle' | 'adding' | 'done';

/** One thing a wallet can add: a network, or a token on a network. */
export interface WalletItem {
  readonly key: string;
  readonly kind: WalletAddKind;
  /** What the messages call it: 'Polygon', 'XSD'. */
  readonly name: string;
  readonly network: NetworkEntry;
  readonly request: { readonly method: string; readonly params: unknown };
}

const TOKEN_SYMBOLS: readonly TokenName[] = ['XSD', 'BankX'];

export function networkItem(network: NetworkEntry): WalletItem {
  return {
    key: `network:${network.name}`,
    kind: 'network',
    name: network.name,
    network,
    request: { method: 'wallet_addEthereumChain', params: [addEthereumChainParameter(network)] },
  };
}

export function tokenItems(network: NetworkEntry, origin: string): WalletItem[] {
  const tokens = [
    ...TOKEN_SYMBOLS.flatMap((symbol) => {
      const address = network.tokens[symbol];
      return address ? [{ symbol: symbol as string, address }] : [];
    }),
    ...network.listed_tokens.map((t) => ({ symbol: t.symbol, address: t.address })),
  ];
  return tokens.map(({ symbol, address }) => ({
    key: `token:${network.name}:${symbol}`,
    kind: 'token',
    name: symbol,
    network,
    request: {
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address, symbol, decimals: 18, image: `${origin}/favicon.svg` } },
    },
  }));
}

export function addressOf(item: WalletItem): string {
  return (item.request.params as { options: { address: string } }).options.address;
}

export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
