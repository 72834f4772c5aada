import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSite } from '../../../api/get-site';
import { END_CONFETTI, maintenanceJustEnded } from '../lib/maintenance-logic';

// Shown only while maintenance is on or just ended: not part of the usual first paint.
const MaintenanceScreen = lazy(() => import('./maintenance-screen').then((module) => ({ default: module.MaintenanceScreen })));
const Confetti = lazy(() => import('../../../components/effects/confetti').then((module) => ({ default: module.Confetti })));

/**
 * Shows the maintenance screen instead of `children` while maintenance is on, and confetti when
 * it ends. Until the settings are known (or when they cannot be read) the app renders normally.
 */
export function MaintenanceGate({ children }: { readonly children: ReactNode }) {
  const { data: site } = useSite();
  const previous = useRef<boolean | undefined>(undefined);
  const [celebrating, setCelebrating] = useState(false);

  useEffect(() => {
    if (!site) return;
    if (maintenanceJustEnded(previous.current, site.maintenance_mode)) setCelebrating(true);
    previous.current = site.maintenance_mode;
  }, [site]);

  return (
    <>
      {site?.maintenance_mode ? (
        <Suspense fallback={null}>
          <MaintenanceScreen site={site} />
        </Suspense>
      ) : (
        children
      )}
      {celebrating ? (
        <Suspense fallback={null}>
          <Confetti pieces={END_CONFETTI.pieces} durationMs={END_CONFETTI.durationMs} onDone={() => setCelebrating(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
