import type { AddState, WalletItem } from '../lib/wallet-items';

export interface AddRowProps {
  /** Null for something that cannot be added (coming soon). */
  readonly item: WalletItem | null;
  readonly label: string;
  readonly detail: string;
  readonly state: AddState;
  /** Another request is waiting for the wallet. */
  readonly blocked: boolean;
  readonly onAdd: (item: WalletItem) => void;
}

/** One network or token with its Add button. */
export function AddRow({ item, label, detail, state, blocked, onAdd }: AddRowProps) {
  const verb = item?.kind === 'token' ? 'Add Token' : 'Add Network';
  const text = !item ? 'Coming Soon' : state === 'adding' ? 'Adding...' : state === 'done' ? '✓ Added' : verb;
  return (
    <li className="atw-row" data-testid={item ? item.key : undefined}>
      <span className="atw-row__label">{label}</span>
      <span className="atw-row__detail muted">{detail}</span>
      <button
        type="button"
        className={`btn btn--small${state === 'done' ? '' : ' btn--primary'}`}
        disabled={!item || state !== 'idle' || blocked}
        aria-label={item ? `${verb}: ${label}` : `${label}: coming soon`}
        onClick={() => item && onAdd(item)}
      >
        {text}
      </button>
    </li>
  );
}
