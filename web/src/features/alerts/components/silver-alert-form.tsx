import { type AlertCondition, SILVER_ALERT_PRICE_STEP, SilverAlertSchema, type SilverAlert } from '@xsd/contracts/api/alerts';
import { type FormEvent, useState } from 'react';
import { newAlertId } from '../../../lib/alert-lists';
import { parseAlertPrice } from '../lib/alert-text';
import { AlertFormButtons, AlertPriceFields } from './alert-form-fields';

export interface SilverAlertFormProps {
  readonly onCreate: (alert: SilverAlert) => void;
  readonly onCancel: () => void;
}

/** New silver alert: above/below a price in USD per gram > 0 (anything else: submit does nothing). */
export function SilverAlertForm({ onCreate, onCancel }: SilverAlertFormProps) {
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAlertPrice(price);
    if (value === null) return;
    const alert = SilverAlertSchema.safeParse({ id: newAlertId(), condition, price: value, enabled: true, lastTriggered: null });
    if (alert.success) onCreate(alert.data);
  };

  return (
    <form className="staff-form alert-form" onSubmit={submit} noValidate data-testid="silver-alert-form" aria-label="New silver alert">
      <AlertPriceFields
        condition={condition}
        onConditionChange={setCondition}
        price={price}
        onPriceChange={setPrice}
        priceLabel="Price (USD per gram)"
        step={SILVER_ALERT_PRICE_STEP}
        placeholder="0.0000"
      />
      <AlertFormButtons onCancel={onCancel} />
    </form>
  );
}
