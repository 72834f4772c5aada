import { SilverTracker } from '../../features/silver/components/silver-tracker';
import { useLiveSilver } from '../../features/silver/hooks/use-live-silver';

/** /silver-price: the silver price tracker, kept live by the silver stream. */
export default function SilverPriceRoute() {
  useLiveSilver();
  return <SilverTracker />;
}
