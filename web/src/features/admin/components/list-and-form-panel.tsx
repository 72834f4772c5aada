import { Fragment, type FormEvent, type ReactNode } from 'react';
import { Panel, type PanelTone } from '../../../components/ui/panel';
import type { ListEditing } from '../lib/use-list-editing';
import { QueryState } from './query-state';

interface ListQuery<TItem> {
  readonly isPending: boolean;
  readonly error: unknown;
  readonly data?: { readonly items: readonly TItem[] };
  readonly refetch: () => unknown;
}

/** The form of a tab whose items are edited: the item, or null for a new one. */
export interface EditFormProps<TItem> {
  readonly original: TItem | null;
  readonly onDone: () => void;
}

/** The form of a tab whose items are only created: the answer is shown once. */
export interface CreateFormProps<TCreated> {
  readonly onCancel: () => void;
  readonly onCreated: (response: TCreated) => void;
}

export interface ListAndFormPanelProps<TItem extends { readonly id: string }> {
  readonly title: string;
  readonly testId: string;
  /** The button that opens the form for a new item ('+ New Item'); hidden while a form is open. */
  readonly newLabel: string;
  /** The open form and a row action's failure. */
  readonly editor: Pick<ListEditing<TItem>, 'editing' | 'formKey' | 'openNew' | 'error'>;
  /** The form shown above the list: for the edited item, or for a new one (null). */
  readonly renderForm: (original: TItem | null) => ReactNode;
  readonly query: ListQuery<TItem>;
  readonly loadErrorMessage: string;
  readonly emptyText?: string;
  /** Shown first (a role note). */
  readonly intro?: ReactNode;
  /** Shown after the error (a success banner). */
  readonly notice?: ReactNode;
  readonly renderItem: (item: TItem) => ReactNode;
}

/** An admin tab's list of items with its New button, its error flash and the form above it. */
export function ListAndFormPanel<TItem extends { readonly id: string }>({
  title,
  testId,
  newLabel,
  editor,
  renderForm,
  query,
  loadErrorMessage,
  emptyText,
  intro,
  notice,
  renderItem,
}: ListAndFormPanelProps<TItem>) {
  const { editing } = editor;
  // Keyed by the item: each opened form starts from a fresh draft.
  const form = editing ? <Fragment key={editor.formKey}>{renderForm(editing.kind === 'edit' ? editing.item : null)}</Fragment> : null;
  return (
    <>
      {intro}
      {editor.error ? (
        <p className="region-error" role="alert">
          {editor.error}
        </p>
      ) : null}
      {notice}
      {form}
      <Panel
        title={title}
        testId={testId}
        actions={
          form ? null : (
            <button type="button" className="btn btn--small btn--primary" onClick={editor.openNew}>
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

export interface AdminFormProps {
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
  /** Off where the browser's own field checks still guard the submit. */
  readonly noValidate?: boolean;
  readonly ariaLabel?: string;
  readonly testId?: string;
  readonly children: ReactNode;
}

/** An admin form: its fields, its error line, submit and Cancel. */
export function AdminForm({
  onSubmit,
  error,
  feedback,
  busy,
  submitLabel,
  busyLabel,
  submitDisabled,
  extraButtons,
  onCancel,
  noValidate = true,
  ariaLabel,
  testId,
  children,
}: AdminFormProps) {
  return (
    <form className="staff-form" onSubmit={onSubmit} noValidate={noValidate} aria-label={ariaLabel} data-testid={testId}>
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
  );
}

export interface FormPanelProps extends Omit<AdminFormProps, 'ariaLabel' | 'testId'> {
  readonly title: string;
  readonly testId: string;
  readonly tone?: PanelTone;
  readonly actions?: ReactNode;
}

/** The form of a list-and-form tab in its panel. */
export function FormPanel({ title, testId, tone = 'accent', actions, ...form }: FormPanelProps) {
  return (
    <Panel title={title} tone={tone} testId={testId} actions={actions}>
      <AdminForm {...form} />
    </Panel>
  );
}
