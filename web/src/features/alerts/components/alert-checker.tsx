import { ALERT_CHECK_INTERVAL_MS } from '@xsd/contracts/api/alerts';
import { useEffect, useRef } from 'react';
import { subscribeToAlertLists } from '../../../lib/alert-lists';
import { type AlertCheckDeps, checkAlertsOnce } from '../lib/check-alerts';

export type AlertCheckerProps = AlertCheckDeps;

/**
 * The in-tab alerts checker, mounted once in the shell so it runs on every page while a tab is
 * open: a round on mount, every 60 s, and after any change to the lists (a new alert whose
 * threshold is already crossed fires at once). Rounds never overlap; a change during one
 * queues one more. Renders nothing.
 */
export function AlertChecker(props: AlertCheckerProps) {
  // The latest props, without restarting the schedule when the shell re-renders.
  const deps = useRef(props);
  useEffect(() => {
    deps.current = props;
  });

  useEffect(() => {
    let running = false;
    let again = false;
    let stopped = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          await checkAlertsOnce(deps.current).catch((error: unknown) => console.warn('Alert check failed', error));
        } while (again && !stopped);
      } finally {
        running = false;
      }
    };
    void run();
    const id = window.setInterval(() => void run(), ALERT_CHECK_INTERVAL_MS);
    const unsubscribe = subscribeToAlertLists(() => void run());
    return () => {
      stopped = true;
      window.clearInterval(id);
      unsubscribe();
    };
  }, []);

  return null;
}
