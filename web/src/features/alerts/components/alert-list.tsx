import type { ReactNode } from 'react';

export interface AlertListItem {
  readonly id: string;
  /** What the alert watches, e.g. 'XSD on Ethereum above $0.850000'. */
  readonly description: string;
  readonly details: ReactNode;
  readonly enabled: boolean;
}

export interface AlertListProps {
  readonly kind: 'token' | 'silver' | 'calendar';
  readonly items: readonly AlertListItem[];
  readonly empty: string;
  readonly onToggle: (id: string) => void;
  readonly onDelete: (id: string) => void;
}

/** One kind's alerts, each with its enable switch and delete button. */
export function AlertList({ kind, items, empty, onToggle, onDelete }: AlertListProps) {
  if (items.length === 0) {
    return (
      <p className="muted alert-list__empty" data-testid={`${kind}-alerts-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="alert-list" data-testid={`${kind}-alerts`}>
      {items.map((item) => (
        <li key={item.id} className={`alert-item${item.enabled ? '' : ' alert-item--off'}`} data-testid="alert-item" data-enabled={item.enabled}>
          <div className="alert-item__text">
            <span className="alert-item__what">{item.description}</span>
            <span className="alert-item__details muted">{item.details}</span>
          </div>
          <div className="alert-item__actions">
            <button
              type="button"
              role="switch"
              aria-checked={item.enabled}
              aria-label={`Alert ${item.description}`}
              className={`btn btn--small alert-switch${item.enabled ? ' alert-switch--on' : ''}`}
              onClick={() => onToggle(item.id)}
            >
              {item.enabled ? '[on ]' : '[off]'}
            </button>
            <button type="button" className="btn btn--small btn--ghost" aria-label={`Delete ${item.description}`} onClick={() => onDelete(item.id)}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
