import type { ChainName } from '@xsd/contracts';
import {
  DEFAULT_ARBITRAGE_SETTINGS,
  MIN_PROFIT_AMOUNT_RANGE,
  MIN_PROFIT_PERCENT_RANGE,
  normalizeTradeAmount,
  TRADE_AMOUNT_RANGE,
  type ArbitrageSettings,
} from '@xsd/contracts/rules/arbitrage';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal';

export interface SettingsModalProps {
  readonly open: boolean;
  readonly settings: ArbitrageSettings;
  /** Networks that can be excluded (the active ones). */
  readonly networks: readonly ChainName[];
  readonly onSave: (settings: ArbitrageSettings) => void;
  readonly onClose: () => void;
}

/** The finder's thresholds, trade amount, excluded networks and assistant switch; saved in this browser. */
export function SettingsModal({ open, settings, networks, onSave, onClose }: SettingsModalProps) {
  const [draft, setDraft] = useState(settings);
  // The amount as typed: it is checked (min 100, else 1000) when saved.
  const [amount, setAmount] = useState(String(settings.tradeAmount));
  useEffect(() => {
    if (!open) return;
    setDraft(settings);
    setAmount(String(settings.tradeAmount));
  }, [open, settings]);

  const toggleNetwork = (chain: ChainName) =>
    setDraft((d) => ({
      ...d,
      excludedNetworks: d.excludedNetworks.includes(chain) ? d.excludedNetworks.filter((c) => c !== chain) : [...d.excludedNetworks, chain],
    }));
  const save = () => {
    onSave({ ...draft, tradeAmount: normalizeTradeAmount(amount) });
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Arbitrage Settings"
      testId="arbitrage-settings"
      footer={
        <>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => {
              setDraft(DEFAULT_ARBITRAGE_SETTINGS);
              setAmount(String(DEFAULT_ARBITRAGE_SETTINGS.tradeAmount));
            }}
          >
            Reset to Defaults
          </button>
          <button type="button" className="btn btn--small" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--small btn--primary" onClick={save}>
            Save Settings
          </button>
        </>
      }
    >
      <div className="arb-settings">
        <label className="arb-field">
          <span>
            Minimum profit: <strong>{draft.minProfitPercentage.toFixed(1)}%</strong>
          </span>
          <input
            type="range"
            min={MIN_PROFIT_PERCENT_RANGE.min}
            max={MIN_PROFIT_PERCENT_RANGE.max}
            step={MIN_PROFIT_PERCENT_RANGE.step}
            value={draft.minProfitPercentage}
            onChange={(e) => setDraft((d) => ({ ...d, minProfitPercentage: Number(e.target.value) }))}
          />
        </label>
        <label className="arb-field">
          <span>
            Minimum profit amount: <strong>${draft.minProfitAmount}</strong>
          </span>
          <input
            type="range"
            min={MIN_PROFIT_AMOUNT_RANGE.min}
            max={MIN_PROFIT_AMOUNT_RANGE.max}
            step={MIN_PROFIT_AMOUNT_RANGE.step}
            value={draft.minProfitAmount}
            onChange={(e) => setDraft((d) => ({ ...d, minProfitAmount: Number(e.target.value) }))}
          />
        </label>
        <label className="arb-field">
          <span>Trade amount (USD)</span>
          <input
            type="number"
            inputMode="numeric"
            min={TRADE_AMOUNT_RANGE.min}
            step={TRADE_AMOUNT_RANGE.step}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <fieldset className="arb-networks">
          <legend>Exclude networks</legend>
          {networks.map((chain) => (
            <label key={chain} className="arb-check">
              <input type="checkbox" checked={draft.excludedNetworks.includes(chain)} onChange={() => toggleNetwork(chain)} /> {chain}
            </label>
          ))}
        </fieldset>
        <label className="arb-check">
          <input type="checkbox" checked={draft.useAI} onChange={(e) => setDraft((d) => ({ ...d, useAI: e.target.checked }))} /> Show the
          assistant's note
        </label>
      </div>
    </Modal>
  );
}
