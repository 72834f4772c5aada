import { Toast } from '../../../components/ui/toast';
import { useAppUpdate } from '../hooks/use-app-update';

/** 'Update Available' (spec section 2, Overlays): a new service worker is installed and waiting. */
export function UpdateToast() {
  const [state, update] = useAppUpdate();
  if (!state.workerWaiting || state.dismissed) return null;
  return (
    <Toast
      title="Update Available"
      testId="update-toast"
      onClose={() => update.dismiss()}
      closeLabel="Later"
      actions={
        <button type="button" className="btn btn--primary btn--small" onClick={() => update.apply()} disabled={state.applying}>
          {state.applying ? 'Updating…' : 'Update'}
        </button>
      }
    >
      <p>A new version of the dashboard is ready. Update to load it now.</p>
    </Toast>
  );
}
