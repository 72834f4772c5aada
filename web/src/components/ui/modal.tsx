import { useEffect, useId, useRef, type ReactNode } from 'react';
import './frame.css';
import './modal.css';

export interface ModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: ReactNode;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  readonly testId?: string;
  readonly className?: string;
}

/**
 * A modal on the native <dialog>: focus stays inside, Escape closes, focus returns to the opener.
 * A click on the backdrop closes it too.
 */
export function Modal({ open, onClose, title, children, footer, testId, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="modal__frame">
          <div className="modal__head">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="btn btn--ghost modal__close" onClick={onClose} aria-label="Close">
              <span className="glyph-x" aria-hidden="true" />
            </button>
          </div>
          <div className="modal__body">{children}</div>
          {footer ? <div className="modal__foot">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
