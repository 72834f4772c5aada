import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import type { DashboardPreferencesApi } from '../hooks/use-dashboard-preferences';
import {
  canMoveDown,
  canMoveUp,
  moveWidget,
  PREFERENCE_MESSAGES,
  PREFERENCES_CLOSE_DELAY_MS,
  toggleWidget,
  type WidgetEntry,
} from '../lib/preferences';
import './dashboard.css';

type ModalState = { readonly kind: 'loading' } | { readonly kind: 'editing' } | { readonly kind: 'saving' } | { readonly kind: 'saved' } | { readonly kind: 'error'; readonly message: string };

export interface CustomizeModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly preferences: DashboardPreferencesApi;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback || PREFERENCE_MESSAGES.unexpected;

/**
 * The 'Customize Dashboard' modal: order with up/down, show or hide, reset, save (on the server for
 * signed-in staff, else in this browser).
 */
export function CustomizeModal({ open, onClose, preferences }: CustomizeModalProps) {
  const [draft, setDraft] = useState<readonly WidgetEntry[]>(preferences.entries);
  const [state, setState] = useState<ModalState>({ kind: 'editing' });

  // Each opening starts from what is saved, once it is known (later changes to the saved copy do
  // not reset a draft).
  const saved = preferences.entries;
  const [openedWith, setOpenedWith] = useState<readonly WidgetEntry[] | null>(null);
  if (open && openedWith === null) {
    if (preferences.loading) {
      if (state.kind !== 'loading') setState({ kind: 'loading' });
    } else {
      setOpenedWith(saved);
      setDraft(saved);
      setState({ kind: 'editing' });
    }
  } else if (!open && openedWith !== null) {
    setOpenedWith(null);
  }

  useEffect(() => {
    if (state.kind !== 'saved') return;
    const id = window.setTimeout(onClose, PREFERENCES_CLOSE_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [state, onClose]);

  const busy = state.kind === 'loading' || state.kind === 'saving' || state.kind === 'saved';

  const save = async () => {
    setState({ kind: 'saving' });
    try {
      await preferences.save(draft);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error, PREFERENCE_MESSAGES.saveFailedShort) });
    }
  };

  const reset = async () => {
    setState({ kind: 'saving' });
    try {
      setDraft(await preferences.reset());
      setState({ kind: 'editing' });
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error, PREFERENCE_MESSAGES.resetFailed) });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Customize Dashboard"
      testId="customize-modal"
      footer={
        <>
          <button type="button" className="btn" onClick={() => void reset()} disabled={busy}>
            Reset to Defaults
          </button>
          <span className="modal__spacer" />
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={state.kind === 'saving'}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void save()} disabled={busy} data-testid="save-preferences">
            {state.kind === 'saving' ? 'Saving...' : 'Save Preferences'}
          </button>
        </>
      }
    >
      {preferences.signedIn ? null : (
        <p className="prefs__note" data-testid="anonymous-note">
          {PREFERENCE_MESSAGES.anonymous}
        </p>
      )}
      {preferences.loadError ? (
        <p className="err" role="alert" data-testid="preferences-load-error">
          {preferences.loadError}
        </p>
      ) : null}
      {state.kind === 'loading' ? <p className="muted">Loading your preferences...</p> : null}
      <ol className="prefs__list" aria-label="Widgets in display order">
        {draft.map((entry, index) => (
          <li key={entry.id} className={`prefs__item${entry.visible ? '' : ' prefs__item--hidden'}`} data-testid={`pref-${entry.id}`}>
            <span className="prefs__index" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <span className="prefs__label">{entry.label}</span>
            {entry.pinned ? (
              <span className="tag tag--muted" title="Breaking news is always shown first">
                Pinned
              </span>
            ) : (
              <span className="prefs__controls">
                <button
                  type="button"
                  className="btn btn--small"
                  aria-pressed={entry.visible}
                  aria-label={`${entry.label}: ${entry.visible ? 'visible, hide it' : 'hidden, show it'}`}
                  onClick={() => setDraft(toggleWidget(draft, entry.id))}
                  disabled={busy}
                >
                  <span className={entry.visible ? 'glyph-x' : 'glyph-box'} aria-hidden="true" /> {entry.visible ? 'Visible' : 'Hidden'}
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={`Move ${entry.label} up`}
                  onClick={() => setDraft(moveWidget(draft, index, -1))}
                  disabled={busy || !canMoveUp(draft, index)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  aria-label={`Move ${entry.label} down`}
                  onClick={() => setDraft(moveWidget(draft, index, 1))}
                  disabled={busy || !canMoveDown(draft, index)}
                >
                  ↓
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <div role="status" aria-live="polite" className="prefs__status">
        {state.kind === 'saved' ? <p className="ok">{PREFERENCE_MESSAGES.saved}</p> : null}
        {state.kind === 'error' ? <p className="err">{state.message}</p> : null}
      </div>
    </Modal>
  );
}
