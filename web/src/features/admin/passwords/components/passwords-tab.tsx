import { Panel } from '../../../../components/ui/panel';
import { OwnPasswordPanel } from '../../components/own-password-panel';
import { AdminResetPanel } from '../../password-reset/components/admin-reset-panel';

/** Own password (collapsed until opened), a super admin's reset links for others, and the spec's tips. */
export function PasswordsTab() {
  return (
    <>
      <OwnPasswordPanel />
      <AdminResetPanel />
      <Panel title="Password tips" testId="password-tips">
        <ul className="link-list">
          <li>At least 8 characters, with upper and lower case letters, numbers and special characters.</li>
          <li>Avoid common words and personal details.</li>
          <li>Use a unique password for the admin panel, kept in a password manager.</li>
          <li>Change it regularly, and never share it.</li>
        </ul>
      </Panel>
    </>
  );
}
