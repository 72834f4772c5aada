import { quickAccess, type SavedAddress } from '@xsd/contracts/rules/wallet-scanner';
import { useState } from 'react';

export interface QuickAccessProps {
  readonly saved: readonly SavedAddress[];
  readonly onPick: (address: string) => void;
  readonly onRemove: (id: string) => void;
  readonly onToggleFavorite: (id: string) => void;
}

/** Saved addresses: 3 favourites, every one on Show All. */
export function QuickAccess({ saved, onPick, onRemove, onToggleFavorite }: QuickAccessProps) {
  const [showAll, setShowAll] = useState(false);
  if (saved.length === 0) return null;
  const shown = quickAccess(saved, showAll);
  return (
    <div className="wc-quick" data-testid="quick-access">
      <div className="wc-quick__head">
        <span className="muted">Quick Access</span>
        {showAll || shown.length < saved.length ? (
          <button type="button" className="btn btn--ghost btn--small" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show Favorites' : `Show All (${saved.length})`}
          </button>
        ) : null}
      </div>
      <ul className="wc-quick__list">
        {shown.map((entry) => (
          <li key={entry.id} className="wc-quick__item">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              aria-pressed={entry.isFavorite}
              aria-label={`Favorite: ${entry.label}`}
              onClick={() => onToggleFavorite(entry.id)}
            >
              {entry.isFavorite ? '★' : '☆'}
            </button>
            <button type="button" className="btn btn--small wc-quick__pick" onClick={() => onPick(entry.address)} title={entry.address}>
              {entry.label} <span className="muted">{`${entry.address.slice(0, 6)}…${entry.address.slice(-4)}`}</span>
            </button>
            <button type="button" className="btn btn--ghost btn--small" aria-label={`Remove ${entry.label}`} onClick={() => onRemove(entry.id)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
