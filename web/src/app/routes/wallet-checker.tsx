import { REFRESH } from '../../config/site';
import { useSilverLatest } from '../../features/silver/api/get-silver-latest';
import { WalletChecker } from '../../features/wallet-checker/components/wallet-checker';

/** /wallet-checker: the Portfolio Scanner, with the silver price re-read every 30 s for its peg values. */
export default function WalletCheckerRoute() {
  const silver = useSilverLatest({ refetchInterval: REFRESH.scannerSilver });
  return <WalletChecker silverGramPrice={silver.data?.price_per_gram ?? null} />;
}
