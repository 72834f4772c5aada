import { WalletChecker } from '../../features/wallet-checker/components/wallet-checker';

/** /wallet-checker: the Portfolio Scanner. */
export default function WalletCheckerRoute() {
  return <WalletChecker />;
}
