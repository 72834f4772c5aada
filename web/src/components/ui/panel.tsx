import { useId, type ReactNode } from 'react';
import './panel.css';

export type PanelTone = 'default' | 'info' | 'success' | 'warning' | 'error' | 'accent';

export interface PanelProps {
  readonly title: ReactNode;
  readonly actions?: ReactNode;
  readonly tone?: PanelTone;
  readonly className?: string;
  readonly children?: ReactNode;
  /** Heading level of the title; panels inside a page are h2 by default. */
  readonly level?: 2 | 3;
  readonly testId?: string;
}

/** A box-drawn panel: a single-line frame with its title set into the top edge. */
export function Panel({ title, actions, tone = 'default', className, children, level = 2, testId }: PanelProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`panel panel--${tone}${className ? ` ${className}` : ''}`} aria-labelledby={id} data-testid={testId}>
      <div className="panel__bar">
        <Heading className="panel__title" id={id}>
          {title}
        </Heading>
        {actions ? <div className="panel__actions">{actions}</div> : null}
      </div>
      <div className="panel__body">{children}</div>
    </section>
  );
}
