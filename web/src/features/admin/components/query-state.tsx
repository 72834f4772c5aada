import type { ReactNode } from 'react';

/** Loading and error lines of a tab's list, with Retry. */
export function QueryState({
  pending,
  error,
  errorMessage,
  onRetry,
  children,
}: {
  readonly pending: boolean;
  readonly error: unknown;
  readonly errorMessage: string;
  readonly onRetry: () => void;
  readonly children: ReactNode;
}) {
  if (pending) {
    return (
      <p className="page-loading" role="status">
        Loading
        <span className="cursor" aria-hidden="true">
          _
        </span>
      </p>
    );
  }
  if (error) {
    return (
      <div className="region-error" role="alert">
        <p>{errorMessage}</p>
        <button type="button" className="btn btn--small" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
