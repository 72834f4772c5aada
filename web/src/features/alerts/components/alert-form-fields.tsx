import { ALERT_CONDITIONS, type AlertCondition } from '@xsd/contracts/api/alerts';
import { CONDITION_LABELS } from '../lib/alert-text';
import { Options } from '../../../components/ui/options';

export interface AlertPriceFieldsProps {
  readonly condition: AlertCondition;
  readonly onConditionChange: (condition: AlertCondition) => void;
  readonly price: string;
  readonly onPriceChange: (price: string) => void;
  /** The price label names the unit, e.g. 'Price (USD per gram)'. */
  readonly priceLabel: string;
  /** The contract's price step for this alert kind. */
  readonly step: string;
  /** Zero with as many decimals as the step. */
  readonly placeholder: string;
}

/** Above/below and the price a token or silver alert fires at: one row, the same in both forms. */
export function AlertPriceFields({ condition, onConditionChange, price, onPriceChange, priceLabel, step, placeholder }: AlertPriceFieldsProps) {
  return (
    <div className="field-row">
      <label className="field">
        <span className="field__label">Condition</span>
        <select className="select" name="condition" value={condition} onChange={(e) => onConditionChange(e.target.value as AlertCondition)}>
          <Options values={ALERT_CONDITIONS} label={(c) => CONDITION_LABELS[c]} />
        </select>
      </label>
      <label className="field">
        <span className="field__label">{priceLabel}</span>
        <input
          className="input"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          placeholder={placeholder}
          value={price}
          onChange={(e) => onPriceChange(e.target.value)}
        />
      </label>
    </div>
  );
}

export interface AlertFormButtonsProps {
  readonly onCancel: () => void;
  /** Create stays disabled until the form has what it needs (networks loaded, an event chosen). */
  readonly createDisabled?: boolean;
}

/** Every new-alert form ends with Create Alert and Cancel. */
export function AlertFormButtons({ onCancel, createDisabled = false }: AlertFormButtonsProps) {
  return (
    <div className="button-row">
      <button type="submit" className="btn btn--primary" disabled={createDisabled}>
        Create Alert
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
