import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import { TOKEN_NAMES } from '@xsd/contracts/chains/names';
import { formatChangePercent, formatUsd } from '@xsd/contracts/rules/format';
import {
  confidenceTone,
  PREDICTION_DELAY_MS,
  PREDICTION_DISCLAIMER,
  PREDICTION_ERROR_TITLE,
  PREDICTION_FAILED_MESSAGE,
  PredictionError,
  predictionVolatilityLabel,
  predictPrices,
  type PredictionResult,
} from '@xsd/contracts/rules/prediction';
import { useEffect, useId, useRef, useState } from 'react';
import { Sparkline } from '../../../components/charts/sparkline';
import { Panel } from '../../../components/ui/panel';
import { useLatestPrices } from '../api/get-latest-prices';
import { usePriceHistory } from '../api/get-price-history';
import { TONE_CLASS } from '../lib/tone';
import { Options } from '../../../components/ui/options';
import './prices.css';

/** History the prediction reads: the last 7 days of the chosen token and chain. */
const PREDICTION_HISTORY_DAYS = 7;
const DAY_MS = 86_400_000;

type PredictionState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'generating' }
  | { readonly kind: 'result'; readonly result: PredictionResult }
  | { readonly kind: 'error'; readonly message: string };

const TREND_TEXT = { up: '▲ Bullish', down: '▼ Bearish', neutral: '■ Neutral' } as const;
const TREND_CLASS = { up: 'ok', down: 'err', neutral: 'muted' } as const;

export interface PredictionWidgetProps {
  readonly testId?: string;
  /** Random source of the projection (tests pass a seeded one). */
  readonly random?: () => number;
}

/** AI prediction (beta): hidden until asked, then a 7-day illustrative projection per token and chain. */
export function PredictionWidget({ testId, random }: PredictionWidgetProps) {
  const [shown, setShown] = useState(false);
  const [token, setToken] = useState<TokenName>('XSD');
  const [chosenChain, setChosenChain] = useState<ChainName | null>(null);
  const [state, setState] = useState<PredictionState>({ kind: 'idle' });
  const [run, setRun] = useState(0);
  const latest = useLatestPrices();
  const chains = (latest.data?.items ?? []).filter((r) => r.token_name === token && r.price !== null && r.price > 0).map((r) => r.chain_name);
  const chain = chosenChain && chains.includes(chosenChain) ? chosenChain : (chains[0] ?? null);
  const history = usePriceHistory(token, chain ?? 'Ethereum', PREDICTION_HISTORY_DAYS, shown && chain !== null);
  const historyRef = useRef(history);
  historyRef.current = history;
  const tokenId = useId();
  const chainId = useId();
  const ready = history.isSuccess || history.isError;

  useEffect(() => {
    if (!shown || chain === null) return;
    setState({ kind: 'generating' });
    if (!ready) return;
    const timer = window.setTimeout(() => {
      const current = historyRef.current;
      try {
        if (!current.data) throw new Error(PREDICTION_FAILED_MESSAGE);
        const result = predictPrices(
          { token, chain, prices: current.data.points.map((p) => p.price), now: Date.now() },
          random ? { random } : {},
        );
        setState({ kind: 'result', result });
      } catch (error) {
        setState({ kind: 'error', message: error instanceof PredictionError ? error.message : PREDICTION_FAILED_MESSAGE });
      }
    }, PREDICTION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [shown, token, chain, ready, run, random]);

  return (
    <Panel
      title={
        <>
          AI Prediction <span className="tag tag--beta">Beta</span>
        </>
      }
      testId={testId}
      actions={
        <button type="button" className="btn btn--small" aria-expanded={shown} onClick={() => setShown(!shown)} data-testid="toggle-prediction">
          {shown ? 'Hide Prediction' : 'Show Prediction'}
        </button>
      }
    >
      {!shown ? (
        <p className="muted">A 7-day illustrative projection from recent prices. Show it to pick a token and a network.</p>
      ) : (
        <div className="prediction">
          <div className="prediction__controls">
            <label htmlFor={tokenId}>Token</label>
            <select id={tokenId} value={token} onChange={(event) => setToken(event.target.value as TokenName)} className="select">
              <Options values={TOKEN_NAMES} />
            </select>
            <label htmlFor={chainId}>Network</label>
            <select
              id={chainId}
              value={chain ?? ''}
              onChange={(event) => setChosenChain(event.target.value as ChainName)}
              className="select"
              disabled={chains.length === 0}
            >
              <Options values={chains} />
            </select>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => setRun(run + 1)}
              disabled={state.kind === 'generating' || chain === null || !ready}
            >
              Regenerate
            </button>
          </div>
          <div aria-live="polite">
            {chain === null ? <p className="muted">No prices to predict from yet.</p> : null}
            {chain !== null && (state.kind === 'generating' || state.kind === 'idle') ? (
              <p className="muted" role="status">
                Generating prediction<span className="cursor">_</span>
              </p>
            ) : null}
            {state.kind === 'error' ? (
              <div className="prediction__error" role="alert">
                <strong className="err">{PREDICTION_ERROR_TITLE}</strong>
                <p>{state.message}</p>
              </div>
            ) : null}
            {state.kind === 'result' ? <PredictionView result={state.result} /> : null}
          </div>
          <p className="prediction__disclaimer">{PREDICTION_DISCLAIMER}</p>
        </div>
      )}
    </Panel>
  );
}

function PredictionView({ result }: { readonly result: PredictionResult }) {
  const now = Date.now();
  const points = result.prices.map((price, i) => ({ timestamp: new Date(now + (i + 1) * DAY_MS).toISOString(), price }));
  const tone = TONE_CLASS[confidenceTone(result.confidence)];
  return (
    <div className="prediction__result" data-testid="prediction-result">
      <p className="prediction__headline">
        <span className={TREND_CLASS[result.trend]}>{TREND_TEXT[result.trend]}</span>{' '}
        <span className="muted">
          {result.token} on {result.chain}, trend strength {formatChangePercent(result.trendStrength)}
        </span>
      </p>
      <div className="prediction__grid">
        <dl className="kv">
          <dt>Confidence</dt>
          <dd className={tone}>{result.confidence}%</dd>
          <dt>Short-term (day 3)</dt>
          <dd>{formatUsd(result.shortTermTarget)}</dd>
          <dt>Long-term (day 7)</dt>
          <dd>{formatUsd(result.longTermTarget)}</dd>
          <dt>Volatility</dt>
          <dd>
            {result.volatility.toFixed(2)} ({predictionVolatilityLabel(result.volatility)})
          </dd>
          <dt>Support</dt>
          <dd>{formatUsd(result.support)}</dd>
          <dt>Resistance</dt>
          <dd>{formatUsd(result.resistance)}</dd>
        </dl>
        <div>
          <Sparkline points={points} label={`Predicted ${result.token} prices for the next 7 days`} />
          <table className="prediction__table">
            <caption className="sr-only">Predicted price per day</caption>
            <tbody>
              {result.labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{formatUsd(result.prices[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
