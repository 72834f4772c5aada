import { useId, type ReactNode } from 'react';
import './frame.css';
import './toast.css';

export interface ToastProps {
  readonly title: ReactNode;
  readonly children?: ReactNode;
  /** The buttons along the bottom. */
  readonly actions?: ReactNode;
  /** A close button in the corner ([x]) when given. */
  readonly onClose?: () => void;
  readonly closeLabel?: string;
  readonly testId?: string;
}

/**
 * A card that floats over the page without blocking it (no backdrop, focus stays where it was):
 * update, install and notification prompts. Placed in a {@link ToastStack}.
 */
export function Toast({ title, children, actions, onClose, closeLabel = 'Close', testId }: ToastProps) {
  const titleId = useId();
  return (
    <section className="toast" role="dialog" aria-modal="false" aria-labelledby={titleId} data-testid={testId}>
      <div className="toast__head">
        <h2 className="toast__title" id={titleId}>
          {title}
        </h2>
        {onClose ? (
          <button type="button" className="btn btn--ghost btn--small toast__close" onClick={onClose} aria-label={closeLabel}>
            <span className="glyph-x" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {children ? <div className="toast__body">{children}</div> : null}
      {actions ? <div className="toast__actions">{actions}</div> : null}
    </section>
  );
}

/** The corner the toasts stack in; it takes no clicks itself, so an empty stack never covers the page. */
export function ToastStack({ children }: { readonly children: ReactNode }) {
  return (
    <div className="toast-stack" data-testid="toast-stack">
      {children}
    </div>
  );
}
