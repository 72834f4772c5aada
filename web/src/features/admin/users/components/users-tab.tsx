import type { CreateStaffAccountResponse, StaffAccount } from '@xsd/contracts/api/admin-users';
import type { StaffUser } from '../../../../lib/staff-session';
import { ListAndFormPanel } from '../../components/list-and-form-panel';
import { failedWith } from '../../lib/messages';
import { useListEditing } from '../../lib/use-list-editing';
import { useChangeStaffRole } from '../api/change-user-role';
import { useDeleteStaffAccount } from '../api/delete-user';
import { useStaffAccounts } from '../api/get-users';
import { CreateUserForm } from './create-user-form';
import { CredentialsView } from './credentials-view';
import { UserRow } from './user-row';

/** Staff accounts: create (password shown once), change role, delete (never one's own row). */
export function UsersTab({ user }: { readonly user: StaffUser }) {
  const accounts = useStaffAccounts();
  const changeRole = useChangeStaffRole();
  const remove = useDeleteStaffAccount();
  const editor = useListEditing<StaffAccount, CreateStaffAccountResponse>();

  if (editor.created) return <CredentialsView created={editor.created} onBack={editor.clearCreated} />;

  return (
    <ListAndFormPanel
      title="Staff accounts"
      testId="users-list"
      newLabel="+ Add User"
      editor={editor}
      renderForm={() => <CreateUserForm onCancel={editor.close} onCreated={editor.showCreated} />}
      query={accounts}
      loadErrorMessage={failedWith('Failed to load users', accounts.error)}
      renderItem={(account) => (
        <UserRow
          key={account.id}
          account={account}
          own={account.id === user.id}
          busy={changeRole.isPending || remove.isPending}
          onRole={(role) => editor.run(changeRole, { id: account.id, role }, (e) => failedWith('Failed to update user', e))}
          onDelete={() => editor.run(remove, account.id, (e) => failedWith('Failed to delete user', e))}
        />
      )}
    />
  );
}
