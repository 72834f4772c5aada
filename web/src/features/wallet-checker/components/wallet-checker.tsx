import { useSearchParams } from 'react-router';
import { Scanner } from './scanner';
import { SharedSnapshot } from './shared-snapshot';
import './wallet-checker.css';

/** /wallet-checker: scan an address, or open a shared snapshot (`?data=`) read-only. */
export function WalletChecker() {
  const [params, setParams] = useSearchParams();
  const data = params.get('data');
  if (data !== null) return <SharedSnapshot data={data} onLeave={() => setParams({})} />;
  return <Scanner />;
}
