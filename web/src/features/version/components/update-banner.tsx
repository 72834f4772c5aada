import { useAppUpdate } from '../hooks/use-app-update';

/**
 * 'New version available!' at the bottom of the page (spec section 2), when /version.json names a
 * version this browser has not seen. 'Update Now' applies it (see AppUpdate.apply). The worker's
 * 'Update Available' toast takes its place once the new worker is waiting.
 */
export function UpdateBanner() {
  const [state, update] = useAppUpdate();
  if (!state.versionChanged || state.workerWaiting || state.dismissed) return null;
  return (
    <div className="update-banner" role="status" data-testid="update-banner">
      <span className="update-banner__text">
        <span className="accent" aria-hidden="true">
          ▲
        </span>{' '}
        New version available!
      </span>
      <button type="button" className="btn btn--primary btn--small" onClick={() => update.apply()} disabled={state.applying}>
        {state.applying ? 'Updating…' : 'Update Now'}
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => update.dismiss()} aria-label="Later">
        <span className="glyph-x" aria-hidden="true" />
      </button>
    </div>
  );
}
