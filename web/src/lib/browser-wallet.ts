/** The browser wallet as a page sees it: an EIP-1193 provider at `window.ethereum`, if any. */
export interface Eip1193Provider {
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>;
  readonly isMetaMask?: boolean;
  readonly isBraveWallet?: boolean;
  readonly isCoinbaseWallet?: boolean;
  readonly isTrust?: boolean;
  readonly isRabby?: boolean;
}

export function browserWallet(): Eip1193Provider | null {
  if (typeof window === 'undefined') return null;
  const provider = (window as { ethereum?: unknown }).ethereum;
  return typeof provider === 'object' && provider !== null && typeof (provider as Eip1193Provider).request === 'function'
    ? (provider as Eip1193Provider)
    : null;
}

/** The wallet's name for the detection badge, from the flags wallets set on their provider. */
export function walletName(provider: Eip1193Provider): string {
  if (provider.isBraveWallet) return 'Brave Wallet';
  if (provider.isRabby) return 'Rabby';
  if (provider.isCoinbaseWallet) return 'Coinbase Wallet';
  if (provider.isTrust) return 'Trust Wallet';
  if (provider.isMetaMask) return 'MetaMask';
  return 'Browser wallet';
}
