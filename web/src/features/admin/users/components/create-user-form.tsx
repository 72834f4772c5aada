import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@xsd/contracts/staff/roles';
import { useId, useState, type FormEvent } from 'react';
import { FormPanel, type CreateFormProps } from '../../components/list-and-form-panel';
import { failedWith } from '../../lib/messages';
import { useCreateStaffAccount } from '../api/create-user';
import { Options } from '../../../../components/ui/options';

export function CreateUserForm({ onCancel, onCreated }: CreateFormProps<CreateStaffAccountResponse>) {
  const id = useId();
  const create = useCreateStaffAccount();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('admin');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate({ email: email.trim(), role }, { onSuccess: onCreated, onError: (e) => setError(failedWith('Failed to create user', e)) });
  };

  return (
    <FormPanel
      title="Add user"
      testId="user-form"
      onSubmit={submit}
      error={error}
      busy={create.isPending}
      busyLabel="Creating..."
      submitLabel="Create User"
      submitDisabled={!email.trim()}
      onCancel={onCancel}
    >
      <label className="field" htmlFor={`${id}-email`}>
        <span className="field__label">Email</span>
        <input id={`${id}-email`} className="input" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" required />
      </label>
      <label className="field" htmlFor={`${id}-role`}>
        <span className="field__label">Role</span>
        <select id={`${id}-role`} className="select" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          <Options values={STAFF_ROLES} label={(value) => ROLE_LABELS[value]} />
        </select>
      </label>
      <p className="field__hint">A 12-character password is generated and shown once.</p>
    </FormPanel>
  );
}
