import { useEffect, useRef } from 'react';
import { readRaw, writeRaw } from '../../../lib/storage';
import { useVersion } from '../api/get-version';
import { useAppUpdate } from '../hooks/use-app-update';
import { startServiceWorker } from '../lib/service-worker';
import { APP_VERSION_KEY, evaluateVersion } from '../lib/version-check';

/**
 * Starts the service worker and compares /version.json (read on load and every 15 minutes) with
 * the version this browser last saw: a new one is recorded and offered as an update, and applied at
 * once when found by the first read after the page loaded (spec: the startup reload). Renders nothing.
 */
export function VersionWatch() {
  const { data } = useVersion();
  const [, update] = useAppUpdate();
  const startup = useRef(true);

  useEffect(() => startServiceWorker(), []);

  useEffect(() => {
    if (!data) return;
    const decision = evaluateVersion(readRaw(APP_VERSION_KEY), data.version, __APP_VERSION__);
    writeRaw(APP_VERSION_KEY, decision.store);
    const atStartup = startup.current;
    startup.current = false;
    if (!decision.updateAvailable) return;
    if (atStartup) update.versionChangedAtStartup();
    else update.versionChanged();
  }, [data, update]);

  return null;
}
