import { useApp } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { WalletChainResult, WalletScanResponse } from '@xsd/contracts/api/wallets';
import { type ChainProgress, scanView, withChainResult } from '../views/scan-view.js';
import { ScanProgress } from './ScanProgress.js';
import { ScanReport } from './ScanReport.js';

export interface ScanScreenProps {
  /** The chains shown as scanning until they report. */
  readonly pending: readonly ChainProgress[];
  readonly source: string;
  /** Runs the scan, telling `onChain` as each chain settles. */
  readonly run: (onChain: (result: WalletChainResult) => void) => Promise<WalletScanResponse>;
  /** Told once, with the scan or the error, just before the app exits. */
  readonly onDone: (outcome: { readonly scan: WalletScanResponse } | { readonly error: unknown }) => void;
}

type State =
  | { readonly kind: 'scanning'; readonly progress: readonly ChainProgress[] }
  | { readonly kind: 'done'; readonly scan: WalletScanResponse }
  | { readonly kind: 'failed'; readonly progress: readonly ChainProgress[] };

/** `xsd scan` on a terminal: per-chain progress while it runs, then the report. */
export function ScanScreen({ pending, source, run, onDone }: ScanScreenProps) {
  const { exit } = useApp();
  const [state, setState] = useState<State>({ kind: 'scanning', progress: pending });
  // The scan runs once, with the props it was mounted with.
  const started = useRef({ run, onDone, pending });

  useEffect(() => {
    let active = true;
    const { run, onDone, pending } = started.current;
    run((result) => active && setState((s) => (s.kind === 'scanning' ? { ...s, progress: withChainResult(s.progress, result) } : s))).then(
      (scan) => {
        if (!active) return;
        setState({ kind: 'done', scan });
        onDone({ scan });
      },
      (error: unknown) => {
        if (!active) return;
        setState((s) => ({ kind: 'failed', progress: s.kind === 'scanning' ? s.progress : pending }));
        onDone({ error });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    // Exit after the final frame is on screen.
    if (state.kind !== 'scanning') setTimeout(() => exit(), 0);
  }, [state.kind, exit]);

  switch (state.kind) {
    case 'scanning':
      return <ScanProgress chains={state.progress} source={source} />;
    case 'done':
      return <ScanReport view={scanView(state.scan)} />;
    case 'failed':
      // The error itself goes to stderr as one line, like every error of the CLI.
      return <ScanProgress chains={state.progress} source={source} />;
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}
