import { AddToWallet } from '../../features/add-to-wallet/components/add-to-wallet';

/** /add-to-wallet: the wallet helpers. */
export default function AddToWalletRoute() {
  return <AddToWallet />;
}
