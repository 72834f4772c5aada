/**
 * What the Add to Wallet helpers say (spec section 8, "Wallet add") for the outcome of an
 * EIP-1193 `wallet_addEthereumChain` or `wallet_watchAsset` request.
 */

/** EIP-1193: the user rejected the request. */
export const USER_REJECTED_CODE = 4001;
/** JSON-RPC: invalid params. */
export const INVALID_PARAMS_CODE = -32602;
/** MetaMask's "request already pending" (JSON-RPC resource unavailable). */
export const REQUEST_PENDING_CODE = -32002;

export const NO_WALLET_MESSAGE =
  'No browser wallet is installed. Please install a wallet extension such as MetaMask to add networks or tokens.';

export type WalletAddKind = 'network' | 'token';

export const walletAddSuccessMessage = (kind: WalletAddKind, name: string) =>
  kind === 'network' ? `Successfully added ${name} network to your wallet!` : `Successfully added ${name} token to your wallet!`;

/** The wallet answered false to `wallet_watchAsset`: the visitor closed the prompt. */
export const walletAddCancelledMessage = (kind: WalletAddKind) =>
  kind === 'network' ? 'Network addition was cancelled.' : 'Token addition was cancelled.';

function errorParts(error: unknown): { code: number | null; message: string | null } {
  if (typeof error !== 'object' || error === null) return { code: null, message: typeof error === 'string' ? error : null };
  const { code, message } = error as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'number' ? code : null,
    message: typeof message === 'string' && message.trim() !== '' ? message : null,
  };
}

/** The message for a rejected request, in the spec's order of checks. */
export function walletAddErrorMessage(kind: WalletAddKind, name: string, error: unknown): string {
  const { code, message } = errorParts(error);
  const subject = kind === 'network' ? 'Network' : 'Token';
  if (code === USER_REJECTED_CODE) return `${subject} addition was rejected by user.`;
  if (kind === 'network') {
    if (code === INVALID_PARAMS_CODE) return 'Invalid network parameters. Please check the network configuration.';
    if (code === REQUEST_PENDING_CODE || /already pending/i.test(message ?? '')) {
      return 'A wallet request is already pending. Please check your wallet.';
    }
  }
  if (/user rejected|user denied|cancel/i.test(message ?? '')) return walletAddCancelledMessage(kind);
  return `Failed to add ${name} ${kind}: ${message ?? 'Unknown error'}`;
}
