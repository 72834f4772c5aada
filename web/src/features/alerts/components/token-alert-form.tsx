import type { ChainName } from '@xsd/contracts/chains/names';
import { TOKEN_NAMES, type TokenName } from '@xsd/contracts/chains/names';
import { type AlertCondition, TOKEN_ALERT_PRICE_STEP, TokenPriceAlertSchema, type TokenPriceAlert } from '@xsd/contracts/api/alerts';
import { type FormEvent, useState } from 'react';
import { newAlertId } from '../../../lib/alert-lists';
import { parseAlertPrice } from '../lib/alert-text';
import { AlertFormButtons, AlertPriceFields } from './alert-form-fields';
import { Options } from '../../../components/ui/options';

export interface TokenAlertFormProps {
  /** The networks a token alert may watch (released ones); undefined while they load. */
  readonly chains: readonly ChainName[] | undefined;
  readonly loadFailed: boolean;
  readonly onCreate: (alert: TokenPriceAlert) => void;
  readonly onCancel: () => void;
}

/** New token price alert: token, network, above/below and a price > 0 (anything else: submit does nothing). */
export function TokenAlertForm({ chains, loadFailed, onCreate, onCancel }: TokenAlertFormProps) {
  const [token, setToken] = useState<TokenName>('XSD');
  const [chosenChain, setChain] = useState<ChainName | ''>('');
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');
  const chain = chosenChain || chains?.[0] || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAlertPrice(price);
    if (value === null || !chain) return;
    const alert = TokenPriceAlertSchema.safeParse({ id: newAlertId(), token, chain, condition, price: value, enabled: true, lastTriggered: null });
    if (alert.success) onCreate(alert.data);
  };

  return (
    <form className="staff-form alert-form" onSubmit={submit} noValidate data-testid="token-alert-form" aria-label="New token alert">
      <div className="field-row">
        <label className="field">
          <span className="field__label">Token</span>
          <select className="select" name="token" value={token} onChange={(e) => setToken(e.target.value as TokenName)}>
            <Options values={TOKEN_NAMES} />
          </select>
        </label>
        <label className="field">
          <span className="field__label">Network</span>
          <select
            className="select"
            name="chain"
            value={chain}
            disabled={!chains}
            onChange={(e) => setChain(e.target.value as ChainName)}
          >
            {chains ? <Options values={chains} /> : <option value="">{loadFailed ? 'Networks could not be loaded' : 'Loading networks…'}</option>}
          </select>
        </label>
      </div>
      <AlertPriceFields
        condition={condition}
        onConditionChange={setCondition}
        price={price}
        onPriceChange={setPrice}
        priceLabel="Price (USD)"
        step={TOKEN_ALERT_PRICE_STEP}
        placeholder="0.000000"
      />
      <AlertFormButtons onCancel={onCancel} createDisabled={!chains} />
    </form>
  );
}
