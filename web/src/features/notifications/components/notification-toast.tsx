import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import type { ReactNode } from 'react';
import { Toast } from '../../../components/ui/toast';

export interface NotificationToastProps {
  readonly title: string;
  readonly testId: string;
  /** The ghost button and the [x] both dismiss. */
  readonly onDismiss: () => void;
  readonly dismissLabel: string;
  readonly primaryLabel: string;
  readonly onPrimary: () => void;
  readonly primaryDisabled?: boolean;
  readonly children: ReactNode;
}

/** The frame of the notification cards: a dismiss button (as the [x] does) next to the primary action. */
export function NotificationToast({ title, testId, onDismiss, dismissLabel, primaryLabel, onPrimary, primaryDisabled = false, children }: NotificationToastProps) {
  return (
    <Toast
      title={title}
      testId={testId}
      onClose={onDismiss}
      actions={
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={onDismiss}>
            {dismissLabel}
          </button>
          <button type="button" className="btn btn--primary btn--small" onClick={onPrimary} disabled={primaryDisabled}>
            {primaryLabel}
          </button>
        </>
      }
    >
      {children}
    </Toast>
  );
}

/** Why enabling cannot or did not work, under the Enable button: notifications blocked, or the failed attempt. */
export function EnableProblems({ blocked, error }: { readonly blocked: boolean; readonly error: string | null }) {
  return (
    <>
      {blocked ? <p className="error-text">{PUSH_MESSAGES.blocked}</p> : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
