import type { FormEvent, ReactNode } from 'react';
import { Panel, type PanelTone } from '../../../components/ui/panel';
import { QueryState } from './query-state';

interface ListQuery<TItem> {
  readonly isPending: boolean;
  readonly error: unknown;
  readonly data?: { readonly items: readonly TItem[] };
  readonly refetch: () => unknown;
}

export interface ListAndFormPanelProps<TItem> {
  readonly title: string;
  readonly testId: string;
  /** The button that opens the form for a new item ('+ New Item'); hidden while a form is open. */
  readonly newLabel: string;
  readonly onNew: () => void;
  /** The open form, shown above the list, or null. */
  readonly form: ReactNode;
  readonly query: ListQuery<TItem>;
  readonly loadErrorMessage: string;
  readonly emptyText?: string;
  /** A row action's failure. */
  readonly error: string | null;
  /** Shown first (a role note). */
  readonly intro?: ReactNode;
  /** Shown after the error (a success banner). */
  readonly notice?: ReactNode;
  readonly renderItem: (item: TItem) => ReactNode;
}

/** An admin tab's list of items with its New button, its error flash and the form above it. */
export function ListAndFormPanel<TItem>({
  title,
  testId,
  newLabel,
  onNew,
  form,
  query,
  loadErrorMessage,
  emptyText,
  error,
  intro,
  notice,
  renderItem,
}: ListAndFormPanelProps<TItem>) {
  return (
    <>
      {intro}
      {error ? (
        <p className="region-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice}
      {form}
      <Panel
        title={title}
        testId={testId}
        actions={
          form ? null : (
            <button type="button" className="btn btn--small btn--primary" onClick={onNew}>
              {newLabel}
            </button>
          )
        }
      >
        <QueryState pending={query.isPending} error={query.error} errorMessage={loadErrorMessage} onRetry={() => void query.refetch()}>
          {emptyText && query.data?.items.length === 0 ? <p className="muted">{emptyText}</p> : null}
          <ul className="admin-list">{query.data?.items.map(renderItem)}</ul>
        </QueryState>
      </Panel>
    </>
  );
}

export interface FormPanelProps {
  readonly title: string;
  readonly testId: string;
  readonly tone?: PanelTone;
  readonly actions?: ReactNode;
  readonly onSubmit: (event: FormEvent) => void;
  /** The form's own error line; a form with its own status line passes `feedback` instead. */
  readonly error?: string | null;
  readonly feedback?: ReactNode;
  readonly busy: boolean;
  readonly submitLabel: string;
  readonly busyLabel: string;
  readonly submitDisabled?: boolean;
  /** Buttons between submit and Cancel. */
  readonly extraButtons?: ReactNode;
  readonly onCancel: () => void;
  readonly children: ReactNode;
}

/** The form of a list-and-form tab: its fields, its error line, submit and Cancel. */
export function FormPanel({
  title,
  testId,
  tone = 'accent',
  actions,
  onSubmit,
  error,
  feedback,
  busy,
  submitLabel,
  busyLabel,
  submitDisabled,
  extraButtons,
  onCancel,
  children,
}: FormPanelProps) {
  return (
    <Panel title={title} tone={tone} testId={testId} actions={actions}>
      <form className="staff-form" onSubmit={onSubmit} noValidate>
        {children}
        {error ? (
          <p className="err" role="alert">
            {error}
          </p>
        ) : null}
        {feedback}
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={busy || submitDisabled}>
            {busy ? busyLabel : submitLabel}
          </button>
          {extraButtons}
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}
