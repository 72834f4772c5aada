import { ArbitrageHunter } from '../../features/arbitrage/components/arbitrage-hunter';
import { useLatestPrices } from '../../features/prices/api/get-latest-prices';
import { useLivePrices } from '../../features/prices/hooks/use-live-prices';

/** /arbitrage-hunter: the finder over the live latest prices (the app composes the two features). */
export default function ArbitrageHunterRoute() {
  useLivePrices();
  const latest = useLatestPrices();
  return <ArbitrageHunter latest={latest.data} isPending={latest.isPending} isError={latest.isError} />;
}
