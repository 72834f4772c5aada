import {
  NO_WALLET_MESSAGE,
  walletAddCancelledMessage,
  walletAddErrorMessage,
  walletAddSuccessMessage,
} from '@xsd/contracts/rules/wallet-add';
import { useState, useSyncExternalStore } from 'react';
import { browserWallet, type Eip1193Provider } from '../../../lib/browser-wallet';
import type { AddState, WalletItem } from '../lib/wallet-items';

export interface Notice {
  readonly tone: 'ok' | 'err';
  readonly text: string;
}

// Wallets inject their provider before or shortly after the page loads; a re-read on focus
// catches one installed or unlocked while the page was open.
const subscribeToFocus = (onChange: () => void) => {
  window.addEventListener('focus', onChange);
  return () => window.removeEventListener('focus', onChange);
};

export function useBrowserWallet(): Eip1193Provider | null {
  return useSyncExternalStore(subscribeToFocus, browserWallet, () => null);
}

/** Each item's add state, the last outcome's notice, and the add action (one request at a time). */
export function useWalletAdd() {
  const [states, setStates] = useState<Readonly<Record<string, AddState>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const pending = Object.values(states).includes('adding');

  async function add(item: WalletItem) {
    const provider = browserWallet();
    if (!provider) {
      setNotice({ tone: 'err', text: NO_WALLET_MESSAGE });
      return;
    }
    setStates((s) => ({ ...s, [item.key]: 'adding' }));
    setNotice(null);
    try {
      const answer = await provider.request(item.request);
      // wallet_watchAsset answers false when the visitor closes the prompt without adding.
      if (item.kind === 'token' && answer === false) {
        setStates((s) => ({ ...s, [item.key]: 'idle' }));
        setNotice({ tone: 'err', text: walletAddCancelledMessage('token') });
        return;
      }
      setStates((s) => ({ ...s, [item.key]: 'done' }));
      setNotice({ tone: 'ok', text: walletAddSuccessMessage(item.kind, item.name) });
    } catch (error) {
      setStates((s) => ({ ...s, [item.key]: 'idle' }));
      setNotice({ tone: 'err', text: walletAddErrorMessage(item.kind, item.name, error) });
    }
  }

  return { states, notice, pending, add };
}
