import type { ReactNode } from 'react';

export interface PageProps {
  /** The screen's own class, beside `page`. */
  readonly className?: string;
  readonly testId?: string;
  readonly title: ReactNode;
  readonly subtitle?: ReactNode;
  readonly actions?: ReactNode;
  readonly children?: ReactNode;
}

/** A routed screen: its wrapper and its h1, written like a shell prompt, then its content. */
export function Page({ className, testId, title, subtitle, actions, children }: PageProps) {
  return (
    <div className={className ? `page ${className}` : 'page'} data-testid={testId}>
      <div className="page-header">
        <div className="page-header__text">
          <h1 className="page-header__title">{title}</h1>
          {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="page-header__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
