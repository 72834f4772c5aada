import { useEffect, useState } from 'react';
import { REFRESH } from '../../../config/site';
import { countEnabledAlerts, readAlertLists, subscribeToAlertLists } from '../../../lib/alert-lists';

function readCount(): number {
  return countEnabledAlerts(readAlertLists());
}

/** Enabled alerts across the three lists; re-read every 60 s and on any change. */
export function useActiveAlertCount(): number {
  const [count, setCount] = useState(readCount);
  useEffect(() => {
    const refresh = () => setCount(readCount());
    const id = window.setInterval(refresh, REFRESH.alertBadge);
    const unsubscribe = subscribeToAlertLists(refresh);
    return () => {
      window.clearInterval(id);
      unsubscribe();
    };
  }, []);
  return count;
}
