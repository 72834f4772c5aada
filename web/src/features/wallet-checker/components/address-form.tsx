import { cooldownMessage, formatCooldown, isScannableAddress } from '@xsd/contracts/rules/wallet-scanner';
import { useId } from 'react';

export interface AddressFormProps {
  readonly address: string;
  readonly onAddressChange: (address: string) => void;
  /** Whether the typed address is among the saved ones (the star is filled). */
  readonly saved: boolean;
  readonly onSave: () => void;
  readonly canScan: boolean;
  readonly scanning: boolean;
  /** Milliseconds of cooldown left. */
  readonly remaining: number;
  readonly onScan: (address: string) => void;
  /** The address of the shown result, which Refresh scans again; null before a scan. */
  readonly refreshAddress: string | null;
}

/** The address field with its validity dot and save star, Scan and Refresh, and the cooldown line. */
export function AddressForm({ address, onAddressChange, saved, onSave, canScan, scanning, remaining, onScan, refreshAddress }: AddressFormProps) {
  const inputId = useId();
  const trimmed = address.trim();
  const valid = isScannableAddress(address);
  return (
    <form
      className="wc-form"
      onSubmit={(event) => {
        event.preventDefault();
        onScan(address);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Wallet address
      </label>
      <div className="wc-input-row">
        <span
          className={`wc-dot ${trimmed === '' ? 'muted' : valid ? 'ok' : 'err'}`}
          data-testid="validity-dot"
          data-valid={valid}
          role="img"
          aria-label={trimmed === '' ? 'No address' : valid ? 'Valid address' : 'Invalid address'}
        >
          ●
        </span>
        <input
          id={inputId}
          className="wc-input"
          value={address}
          placeholder="0x… wallet address"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => onAddressChange(event.target.value)}
        />
        <button
          type="button"
          className="btn btn--ghost wc-star"
          disabled={!valid}
          aria-label={saved ? 'Edit saved address' : 'Save address'}
          onClick={onSave}
        >
          {saved ? '★' : '☆'}
        </button>
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={!canScan}>
          {scanning ? 'Scanning Networks...' : remaining > 0 ? `Scan Portfolio (${formatCooldown(remaining)})` : 'Scan Portfolio'}
        </button>
        {refreshAddress ? (
          <button type="button" className="btn" disabled={!canScan} onClick={() => onScan(refreshAddress)}>
            Refresh
          </button>
        ) : null}
      </div>
      {remaining > 0 && !scanning ? (
        <p className="muted" role="status" data-testid="cooldown">
          {cooldownMessage(remaining)}
        </p>
      ) : null}
    </form>
  );
}
