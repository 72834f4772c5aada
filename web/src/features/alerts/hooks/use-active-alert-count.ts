import { useEffect, useState } from 'react';
import { REFRESH } from '../../../config/site';
import { readJson, subscribeToKey } from '../../../lib/storage';
import { ALERT_STORAGE_KEYS, ALERTS_UPDATED_EVENT, countActiveAlerts } from '../lib/alert-storage';

function readCount(): number {
  return countActiveAlerts(Object.values(ALERT_STORAGE_KEYS).map((key) => readJson(key)));
}

/** Enabled alerts across the three lists; re-read every 60 s and on any change. */
export function useActiveAlertCount(): number {
  const [count, setCount] = useState(readCount);
  useEffect(() => {
    const refresh = () => setCount(readCount());
    const id = window.setInterval(refresh, REFRESH.alertBadge);
    const unsubscribers = Object.values(ALERT_STORAGE_KEYS).map((key) => subscribeToKey(key, refresh));
    window.addEventListener(ALERTS_UPDATED_EVENT, refresh);
    return () => {
      window.clearInterval(id);
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      window.removeEventListener(ALERTS_UPDATED_EVENT, refresh);
    };
  }, []);
  return count;
}
