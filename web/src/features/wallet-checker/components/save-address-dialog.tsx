import { canSaveAddress, SAVED_ADDRESS_LABEL_MAX } from '@xsd/contracts/rules/wallet-scanner';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';

export interface SaveAddressDialogProps {
  readonly open: boolean;
  readonly address: string;
  readonly initialLabel: string;
  readonly onSave: (label: string) => void;
  readonly onClose: () => void;
}

/** 'Save Address': a label for the address; Save Wallet stays disabled while the label is empty. */
export function SaveAddressDialog({ open, address, initialLabel, onSave, onClose }: SaveAddressDialogProps) {
  const [label, setLabel] = useState(initialLabel);
  const id = useId();
  const valid = canSaveAddress(address, label);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Save Address"
      testId="save-address-dialog"
      footer={
        <div className="button-row">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn--primary" disabled={!valid}>
            Save Wallet
          </button>
        </div>
      }
    >
      <form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onSave(label);
        }}
      >
        <p className="wc-address muted">{address}</p>
        <label htmlFor={`${id}-label`}>Label</label>
        <input
          id={`${id}-label`}
          className="wc-input"
          value={label}
          maxLength={SAVED_ADDRESS_LABEL_MAX}
          placeholder="e.g. Main wallet"
          autoFocus
          onChange={(event) => setLabel(event.target.value)}
        />
      </form>
    </Modal>
  );
}
