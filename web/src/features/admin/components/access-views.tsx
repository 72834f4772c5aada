import { Panel } from '../../../components/ui/panel';
import { ADMIN_MESSAGES } from '../lib/messages';

export function CheckingAccess() {
  return (
    <p className="page-loading" role="status" aria-live="polite" data-testid="admin-checking">
      {ADMIN_MESSAGES.checking}
      <span className="cursor" aria-hidden="true">
        _
      </span>
    </p>
  );
}

export function AccessError({ onRetry, retrying }: { readonly onRetry: () => void; readonly retrying: boolean }) {
  return (
    <Panel title="Access Error" tone="error" testId="admin-access-error">
      <p role="alert">{ADMIN_MESSAGES.accessError}</p>
      <div className="button-row">
        <button type="button" className="btn btn--primary" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying...' : 'Retry'}
        </button>
      </div>
    </Panel>
  );
}
