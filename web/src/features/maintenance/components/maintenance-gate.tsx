import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Confetti } from '../../../components/effects/confetti';
import { useSite } from '../api/get-site';
import { END_CONFETTI, maintenanceJustEnded } from '../lib/maintenance-logic';
import { MaintenanceScreen } from './maintenance-screen';

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
      {site?.maintenance_mode ? <MaintenanceScreen site={site} /> : children}
      {celebrating ? (
        <Confetti pieces={END_CONFETTI.pieces} durationMs={END_CONFETTI.durationMs} onDone={() => setCelebrating(false)} />
      ) : null}
    </>
  );
}
