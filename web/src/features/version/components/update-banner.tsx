import { useEffect, useState } from 'react';
import { readRaw, writeRaw } from '../../../lib/storage';
import { useVersion } from '../api/get-version';
import { APP_VERSION_KEY, evaluateVersion } from '../lib/version-check';

/** 'New version available!' at the bottom of the page, with 'Update Now' reloading it. */
export function UpdateBanner() {
  const { data } = useVersion();
  const [available, setAvailable] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!data) return;
    const decision = evaluateVersion(readRaw(APP_VERSION_KEY), data.version, __APP_VERSION__);
    writeRaw(APP_VERSION_KEY, decision.store);
    if (decision.updateAvailable) setAvailable(true);
  }, [data]);

  if (!available || dismissed) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span className="update-banner__text">
        <span className="accent" aria-hidden="true">
          ▲
        </span>{' '}
        New version available!
      </span>
      <button type="button" className="btn btn--primary btn--small" onClick={() => window.location.reload()}>
        Update Now
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setDismissed(true)} aria-label="Later">
        [x]
      </button>
    </div>
  );
}
