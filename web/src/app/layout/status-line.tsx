import type { ConnectionState } from '../../lib/live-stream/stream-client';
import { useLiveStreamReconnect, useLiveStreamState } from '../../lib/live-stream/live-stream-provider';
import { useNow } from '../../lib/use-now';

const LIVE_TEXT: Record<ConnectionState, { glyph: string; label: string }> = {
  connecting: { glyph: '◌', label: 'connecting' },
  connected: { glyph: '●', label: 'live' },
  offline: { glyph: '○', label: 'offline' },
  closed: { glyph: '✕', label: 'disconnected' },
};

function Clock() {
  const now = useNow(1_000);
  const time = new Date(now).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  return <span className="statusline__clock">{time}</span>;
}

/** The terminal status line: live-stream state, current path, palette hint and a clock. */
export function StatusLine({ path, onOpenPalette }: { readonly path: string; readonly onOpenPalette: () => void }) {
  const state = useLiveStreamState();
  const reconnect = useLiveStreamReconnect();
  const live = LIVE_TEXT[state];
  return (
    <section className="statusline" aria-label="Status line" data-testid="status-line">
      <span
        className={`statusline__live statusline__live--${state}`}
        role="status"
        aria-label={`Live updates: ${live.label}`}
        data-testid="live-state"
        data-state={state}
      >
        <span aria-hidden="true">{live.glyph}</span> {live.label}
      </span>
      {state === 'closed' || state === 'offline' ? (
        <button type="button" className="statusline__button" onClick={reconnect}>
          reconnect
        </button>
      ) : null}
      <span className="statusline__path">{path}</span>
      <span className="statusline__spacer" />
      <button type="button" className="statusline__button" onClick={onOpenPalette} aria-keyshortcuts="Control+K /">
        <kbd>Ctrl+K</kbd> <span className="statusline__hint">go to…</span>
      </button>
      <Clock />
    </section>
  );
}
