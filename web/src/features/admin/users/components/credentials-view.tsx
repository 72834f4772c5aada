import type { CreateStaffAccountResponse } from '@xsd/contracts/api/admin-users';
import { ROLE_LABELS } from '@xsd/contracts/staff/roles';
import { Panel } from '../../../../components/ui/panel';

export interface CredentialsViewProps {
  readonly created: CreateStaffAccountResponse;
  readonly onBack: () => void;
}

/** The generated password, shown this once. */
export function CredentialsView({ created, onBack }: CredentialsViewProps) {
  return (
    <Panel title="User created" tone="success" testId="user-credentials">
      <p>Give these credentials to the new user. The password is not shown again.</p>
      <dl className="kv admin-kv">
        <dt>Email</dt>
        <dd data-testid="credentials-email">{created.user.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[created.user.role]}</dd>
        <dt>Password</dt>
        <dd>
          <code className="secret" data-testid="credentials-password">
            {created.password}
          </code>
        </dd>
      </dl>
      <div className="button-row">
        <button type="button" className="btn btn--primary" onClick={onBack}>
          Back
        </button>
      </div>
    </Panel>
  );
}
