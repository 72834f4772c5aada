import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/** Which form is open above a list: a new item's or an existing item's. */
export type Editing<TItem> = { readonly kind: 'new' } | { readonly kind: 'edit'; readonly item: TItem };

export type ListEditing<TItem extends { readonly id: string }, TCreated = never> = ReturnType<typeof useListEditing<TItem, TCreated>>;

/**
 * The state an admin list-and-form tab keeps: the open form, the answer of a create that is shown
 * once (an API key, a generated password) and the error flash of a row action (toggle, role, delete).
 */
export function useListEditing<TItem extends { readonly id: string } = never, TCreated = never>() {
  const [editing, setEditing] = useState<Editing<TItem> | null>(null);
  const [created, setCreated] = useState<TCreated | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    editing,
    /** The form's key: a new instance (fresh draft) for each item and for a new one. */
    formKey: editing?.kind === 'edit' ? editing.item.id : 'new',
    openNew: () => setEditing({ kind: 'new' }),
    openEdit: (item: TItem) => setEditing({ kind: 'edit', item }),
    close: () => setEditing(null),
    created,
    showCreated: (response: TCreated) => {
      setEditing(null);
      setCreated(response);
    },
    clearCreated: () => setCreated(null),
    error,
    /** Runs a row action; its failure shows above the list until the next action. */
    run<TVariables, TData>(
      mutation: UseMutationResult<TData, Error, TVariables>,
      variables: TVariables,
      failure: (error: Error) => string,
      onSuccess?: (data: TData) => void,
    ) {
      setError(null);
      mutation.mutate(variables, { onSuccess, onError: (e) => setError(failure(e)) });
    },
  };
}
