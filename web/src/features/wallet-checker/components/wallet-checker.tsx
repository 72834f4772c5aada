import { useSearchParams } from 'react-router';
import { Scanner } from './scanner';
import { SharedSnapshot } from './shared-snapshot';
import './wallet-checker.css';

export interface WalletCheckerProps {
  /** The latest silver price per gram (polled every 30 s by the route); else the scan's own. */
  readonly silverGramPrice?: number | null;
}

/** /wallet-checker: scan an address, or open a shared snapshot (`?data=`) read-only. */
export function WalletChecker({ silverGramPrice = null }: WalletCheckerProps) {
  const [params, setParams] = useSearchParams();
  const data = params.get('data');
  if (data !== null) return <SharedSnapshot data={data} onLeave={() => setParams({})} />;
  return <Scanner silverGramPrice={silverGramPrice} />;
}
