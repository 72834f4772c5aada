import {
  CHECK_PAUSE_MS,
  deviceInfo,
  SYSTEM_CHECKS,
  verdict as verdictOf,
  VERDICT_MESSAGES,
  type CheckOutcome,
  type CompatibilityCheck,
} from '@xsd/contracts/rules/system-check';
import { useEffect, useRef, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { SWAP_URL } from '../../../config/site';
import { browserProbes, type Probes } from '../lib/probes';
import './system-check.css';

const initialChecks = (): CompatibilityCheck[] =>
  SYSTEM_CHECKS.map((c) => ({ id: c.id, name: c.name, status: 'pending', message: 'Waiting to run' }));

const STATUS_MARK = { pending: '[ ]', running: '[…]', success: '[✓]', warning: '[!]', error: '[✗]' } as const;
const STATUS_CLASS = { pending: 'muted', running: 'accent', success: 'ok', warning: 'warn', error: 'err' } as const;

export interface SystemCheckProps {
  /** The probes (tests pass their own). */
  readonly probes?: Probes;
  readonly pauseMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /system-compatibility: device cards, Run Test, the seven checks in order, the verdict. */
export function SystemCheck({ probes = browserProbes, pauseMs = CHECK_PAUSE_MS }: SystemCheckProps) {
  const [checks, setChecks] = useState(initialChecks);
  const [running, setRunning] = useState(false);
  const [ran, setRan] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function run() {
    setRunning(true);
    setChecks(initialChecks());
    for (const [index, check] of SYSTEM_CHECKS.entries()) {
      if (!alive.current) return;
      setChecks((all) => all.map((c) => (c.id === check.id ? { ...c, status: 'running', message: 'Checking…' } : c)));
      let outcome: CheckOutcome;
      try {
        outcome = await probes[check.id]();
      } catch (error) {
        outcome = { status: 'error', message: `${check.name} check failed: ${error instanceof Error ? error.message : 'Unknown error'}` };
      }
      if (!alive.current) return;
      setChecks((all) => all.map((c) => (c.id === check.id ? { id: c.id, name: c.name, ...outcome } : c)));
      if (index < SYSTEM_CHECKS.length - 1) await sleep(pauseMs);
    }
    setRunning(false);
    setRan(true);
  }

  const verdict = ran && !running ? verdictOf(checks) : 'pending';
  const banner = VERDICT_MESSAGES[verdict];
  const device = deviceInfo(navigator.userAgent);
  const connection = (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType;
  const cards: [string, string][] = [
    ['Browser', device.browser],
    ['Device', device.device],
    ['OS', device.os],
    ['Screen', `${window.screen.width}×${window.screen.height}`],
    ['Connection', connection ? connection.toUpperCase() : 'Unknown'],
  ];

  return (
    <Page
      className="system-check"
      title="System Check"
      subtitle="Check your browser, wallet, network and RPC access before trading XSD and BankX."
      actions={
        <button type="button" className="btn btn--primary" disabled={running} onClick={() => void run()}>
          {running ? 'Running Test...' : ran ? 'Run Test Again' : 'Run Test'}
        </button>
      }
    >
      <dl className="stat-grid sc-cards">
        {cards.map(([label, value]) => (
          <div className="stat" key={label} data-testid={`device-${label.toLowerCase()}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <div className={`sc-verdict sc-verdict--${verdict}`} role="status" data-testid="verdict" data-verdict={verdict}>
        <strong>{banner.title}</strong> <span>{banner.message}</span>
      </div>

      <Panel title="Checks">
        <ol className="sc-checks">
          {checks.map((check) => (
            <li key={check.id} className="sc-check" data-testid={`check-${check.id}`} data-status={check.status}>
              <span className={`sc-check__mark ${STATUS_CLASS[check.status]}`} aria-hidden="true">
                {STATUS_MARK[check.status]}
              </span>
              <span className="sc-check__name">{check.name}</span>
              <span className={`sc-check__message ${STATUS_CLASS[check.status]}`} data-testid="check-message">
                <span className="sr-only">{check.status}: </span>
                {check.message}
              </span>
              {check.details ? <span className="sc-check__details muted">{check.details}</span> : null}
              {check.helpUrl ? (
                <a className="sc-check__details" href={check.helpUrl} target="_blank" rel="noopener noreferrer">
                  {check.actionRequired ? 'Action required: get help' : 'Get help'}
                </a>
              ) : check.actionRequired ? (
                <span className="sc-check__details warn">Action required</span>
              ) : null}
            </li>
          ))}
        </ol>
      </Panel>

      {verdict === 'good' || verdict === 'warning' ? (
        <Panel title="Ready to trade" tone="success" testId="cta-panel">
          <p>Your system can use the trading app. Swap XSD and BankX on the official app.</p>
          <a className="btn btn--primary" href={SWAP_URL} target="_blank" rel="noopener noreferrer">
            Open the Trading App
          </a>
        </Panel>
      ) : null}
      {verdict === 'error' ? (
        <Panel title="Issues to fix" tone="error" testId="issues-panel">
          <ul>
            {checks
              .filter((c) => c.status === 'error')
              .map((c) => (
                <li key={c.id}>
                  <strong>{c.name}:</strong> {c.message}{' '}
                  {c.helpUrl ? (
                    <a href={c.helpUrl} target="_blank" rel="noopener noreferrer">
                      Help
                    </a>
                  ) : null}
                </li>
              ))}
          </ul>
        </Panel>
      ) : null}
    </Page>
  );
}
